// Writes docs/decisions/README.md, the index of every decision record, grouped by area.
//
// Each record's title is its first heading. Its area comes from AREA_OF below (a new record must be added there:
// the script refuses to leave one out). Its status comes from the record itself: a line `Status: replaced by NNNN.`
// or `Status: revised by NNNN, MMMM.` under the title when a later decision took its place or changed part of it;
// no such line means current. The later record is shown as "revises NNNN" without a line of its own.
//
//   node scripts/decisionsIndex.mjs          write docs/decisions/README.md
//   node scripts/decisionsIndex.mjs --check  exit 1 when README.md differs from what would be written
// apps/server/test/docsIndex.test.ts runs the check.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');

/** The areas in the order the index shows them. */
const AREAS = {
  trading: 'Trading and auction rules',
  deal: 'The deal after the hammer: signing, payment, deadlines',
  bids: 'Money and the bid path',
  procedures: 'Procedures: feed, card, moderation, rounds, FAQ, statistics',
  wizard: 'Wizard',
  registry: 'Registry ingestion and file workers',
  accounts: 'Accounts and security',
  live: 'Live updates',
  files: 'Files, documents and reports',
  events: 'Events, notifications and surveys',
  forecast: 'Price forecast',
  contract: 'Contract and API',
  operations: 'Operations, build, tests and CI',
  web: 'Front end',
};

/** The area of each record, by number. */
const AREA_OF = {
  trading: ['0014', '0081', '0136', '0235', '0236', '0239', '0240', '0245'],
  deal: ['0258', '0261', '0263', '0264', '0270'],
  bids: [
    ...['0015', '0016', '0017', '0050', '0053', '0054', '0055', '0234', '0237', '0238', '0265', '0267'],
    ...['0269', '0286', '0287', '0289', '0290', '0291'],
  ],
  procedures: [
    '0003',
    '0010',
    '0011',
    '0012',
    '0013',
    '0036',
    '0065',
    '0068',
    '0115',
    '0116',
    '0146',
    '0147',
    '0241',
  ],
  wizard: ['0080', '0082', '0130', '0135', '0200', '0201', '0202', '0242', '0253', '0272'],
  registry: [
    ...['0040', '0041', '0042', '0043', '0044', '0045', '0046', '0047', '0048', '0049', '0051', '0052'],
    ...[
      '0090',
      '0091',
      '0151',
      '0220',
      '0231',
      '0232',
      '0233',
      '0243',
      '0268',
      '0273',
      '0278',
      '0283',
      '0284',
      '0285',
    ],
  ],
  accounts: [
    '0004',
    '0021',
    '0022',
    '0023',
    '0024',
    '0025',
    '0031',
    '0032',
    '0033',
    '0066',
    '0125',
    '0142',
    '0249',
  ],
  live: ['0018', '0019', '0067', '0180', '0247', '0251', '0262', '0266'],
  files: ['0030', '0120', '0121', '0122', '0244', '0248', '0250'],
  events: ['0020', '0034', '0035', '0123', '0124', '0152'],
  forecast: ['0105', '0106', '0107', '0108'],
  contract: ['0126', '0254'],
  operations: [
    '0001',
    '0002',
    '0095',
    '0096',
    '0097',
    '0098',
    '0099',
    '0109',
    '0143',
    '0150',
    '0153',
    '0246',
    '0252',
    '0255',
    '0256',
    '0257',
    '0259',
    '0271',
    '0274',
    '0275',
    '0276',
    '0277',
    '0279',
    '0280',
    '0281',
    '0260',
    '0288',
  ],
  web: [
    ...[
      '0070',
      '0071',
      '0072',
      '0100',
      '0110',
      '0111',
      '0112',
      '0140',
      '0141',
      '0145',
      '0170',
      '0181',
      '0190',
    ],
    ...['0191', '0210', '0211', '0230', '0282'],
  ],
};

const STATUS_LINE = /^Status: (replaced|revised) by (\d{4}(?:, \d{4})*)\.$/m;

/** Every record of the folder: number, file, title, area, and the later records that replace or revise it. */
function readDecisions(dir = DECISIONS_DIR) {
  const areaByNumber = new Map();
  for (const [area, numbers] of Object.entries(AREA_OF))
    for (const number of numbers) {
      if (areaByNumber.has(number)) throw new Error(`${number} is in two areas of AREA_OF`);
      areaByNumber.set(number, area);
    }
  const files = readdirSync(dir)
    .filter((name) => /^\d{4}-.*\.md$/.test(name))
    .sort();
  const records = files.map((file) => {
    const number = file.slice(0, 4);
    const text = readFileSync(join(dir, file), 'utf8');
    const heading = text.match(/^# (.+)$/m);
    if (!heading) throw new Error(`${file} has no "# " heading`);
    const area = areaByNumber.get(number);
    if (!area) throw new Error(`${file} has no area: add ${number} to AREA_OF in scripts/decisionsIndex.mjs`);
    const status = text.match(STATUS_LINE);
    return {
      number,
      file,
      // A heading may repeat the number ("0105 Price forecast", "0254. Every call…"): the index shows it once.
      title: heading[1].replace(new RegExp(`^${number}\\.? `), '').trim(),
      area,
      change: status ? { kind: status[1], by: status[2].split(', ') } : undefined,
    };
  });
  const numbers = new Set(records.map((record) => record.number));
  for (const number of areaByNumber.keys())
    if (!numbers.has(number)) throw new Error(`AREA_OF names ${number}, which has no record`);
  for (const record of records)
    for (const later of record.change?.by ?? [])
      if (!numbers.has(later))
        throw new Error(`${record.file}: its status names ${later}, which has no record`);
  return records;
}

/** The text of README.md for these records. */
function renderDecisionsIndex(records) {
  const byNumber = new Map(records.map((record) => [record.number, record]));
  const link = (number) => `[${number}](${byNumber.get(number).file})`;
  const revises = new Map();
  for (const record of records)
    for (const later of record.change?.by ?? [])
      revises.set(later, [...(revises.get(later) ?? []), record.number]);
  const statusOf = (record) => {
    const parts = [];
    if (record.change) parts.push(`${record.change.kind} by ${record.change.by.map(link).join(', ')}`);
    else parts.push('current');
    if (revises.has(record.number)) parts.push(`revises ${revises.get(record.number).map(link).join(', ')}`);
    return parts.join('; ');
  };
  const lines = [
    '# Decision records',
    '',
    'Choices the spec leaves open, one file each. Generated by `node scripts/decisionsIndex.mjs` from the records;',
    'do not edit by hand (`apps/server/test/docsIndex.test.ts` fails when this file is out of date).',
    '',
    'The status column: **current**; **replaced by** a later record (read that one instead); **revised by** a later record',
    '(part of this one no longer holds: read both); **revises** an earlier record. A record that is not current says',
    'so in a `Status:` line under its title; a new record is added to `AREA_OF` in the script.',
    '',
  ];
  for (const [area, name] of Object.entries(AREAS)) {
    const inArea = records.filter((record) => record.area === area);
    if (inArea.length === 0) continue;
    lines.push(`## ${name}`, '', '| # | decision | status |', '| --- | --- | --- |');
    for (const record of inArea)
      lines.push(
        `| ${record.number} | [${record.title.replaceAll('|', '\\|')}](${record.file}) | ${statusOf(record)} |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}

export function decisionsIndex(dir = DECISIONS_DIR) {
  return renderDecisionsIndex(readDecisions(dir));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = join(DECISIONS_DIR, 'README.md');
  const text = decisionsIndex();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current !== text) {
      console.error('docs/decisions/README.md is out of date: run node scripts/decisionsIndex.mjs');
      process.exit(1);
    }
  } else writeFileSync(target, text);
}
