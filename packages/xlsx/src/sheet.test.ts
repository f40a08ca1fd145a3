import { describe, expect, it } from 'vitest';
import { type Cell, SheetScanner } from './sheet.ts';
import { worksheetXml } from './testing.ts';

function scanInPieces(xml: string, pieceSize: number): [number, Cell[]][] {
  const rows: [number, Cell[]][] = [];
  const scanner = new SheetScanner({
    sharedStrings: { get: (index) => ['общая'][index] },
    dateStyles: Uint8Array.from([0, 1]),
    date1904: false,
    maxColumns: 16384,
    maxRows: 1_000_000,
    onRow: (cells, n) => rows.push([n, [...cells]]),
  });
  const bytes = Buffer.from(xml);
  for (let i = 0; i < bytes.length; i += pieceSize) scanner.feed(bytes.subarray(i, i + pieceSize));
  scanner.end();
  return rows;
}

describe('SheetScanner', () => {
  it('gives the same rows when every tag, entity and UTF-8 character is cut at every byte', () => {
    const xml = worksheetXml(
      '<row r="1" spans="1:6"><c r="A1" t="s" s="0"><v>0</v></c><c s="1" r="B1"><v>45306</v></c>' +
        '<c r="C1" t="inlineStr"><is><r><t xml:space="preserve">Ж &amp; &#1044;</t></r><rPh><t>x</t></rPh></is></c>' +
        '<c r="D1"><f>1+1</f><v>2</v></c><c r="E1"><f>A1</f></c><c r="F1" t="b"><v>1</v></c></row>' +
        '<row><c><v>-0.5</v></c><c/><c t="str"><v>&lt;текст&gt;</v></c></row><row r="9"/>' +
        '<!-- <row r="5"><c><v>1</v></c></row> -->',
    );
    const expected = [
      [1, ['общая', '2024-01-15', 'Ж & Д', 2, null, true]],
      [2, [-0.5, null, '<текст>']],
    ];
    for (const size of [1, 2, 3, 5, 7, 64, 100_000]) expect(scanInPieces(xml, size)).toEqual(expected);
  });
});

describe('repeated texts', () => {
  it('never confuses texts of the same length and ends (the cache compares every byte)', () => {
    const texts = [
      '&#1050;одинаковые начало AAA и конец',
      '&#1050;одинаковые начало BBB и конец',
      'Ж'.repeat(40),
    ];
    const rows = texts.map(
      (t, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${t}</t></is></c></row>`,
    );
    const xml = worksheetXml(
      rows
        .join('')
        .repeat(3)
        .replace(/r="\d+"/g, ''),
    );
    const read = scanInPieces(xml, 1 << 16).map(([, cells]) => cells[0]);
    const expected = ['Кодинаковые начало AAA и конец', 'Кодинаковые начало BBB и конец', 'Ж'.repeat(40)];
    expect(read).toEqual([...expected, ...expected, ...expected]);
  });
});
