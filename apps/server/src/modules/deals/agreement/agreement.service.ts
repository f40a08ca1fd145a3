/**
 * The deal's agreement PDF (decisions/0263): made in a file worker on first need (a download, a signing code, a
 * scan), kept in storage, made again while nobody has signed when what it says changed (a company's requisites,
 * the seller's template); once a side has signed, the signed text stays. A second-offer deal is a deal of its own,
 * so it has its own agreement.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../appContext.ts';
import type { DealRow } from '../../../db/schema/index.ts';
import { filePool } from '../../../files/filePool.ts';
import { storageOf } from '../../../storage/storageOf.ts';
import { dropFiles, newFileKey, withStoredFiles } from '../../files/files.service.ts';
import { lockDeal } from '../deals.queries.ts';
import { gatherAgreement, updateDealFiles } from './agreement.queries.ts';

/** Bumped when the agreement's words change in code: every unsigned agreement is made again. */
const AGREEMENT_VERSION = 1;
/** A template larger than a document may be is not read (the wizard refuses larger ones anyway). */
const TEMPLATE_MAX_BYTES = 30 * 1024 * 1024;

export type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const isSigned = (row: DealRow) => row.buyerSignedAt !== null || row.sellerSignedAt !== null;

/** The deal row with its agreement made and stored (the stored one when still current). */
export async function ensureAgreement(ctx: AppContext, row: DealRow, log?: WarnLog): Promise<DealRow> {
  if (row.agreementKey && isSigned(row)) return row;
  const under = ctx.node.agreementRenders;
  const running = under.get(row.id) as Promise<DealRow> | undefined;
  if (running) return running;
  const made = makeAgreement(ctx, row, log).finally(() => under.delete(row.id));
  under.set(row.id, made);
  return made;
}

async function makeAgreement(ctx: AppContext, row: DealRow, log?: WarnLog): Promise<DealRow> {
  const { data, template } = await gatherAgreement(ctx.db, row);
  const inputs = sha256(
    JSON.stringify({
      version: AGREEMENT_VERSION,
      data,
      template: template && [template.id, template.storageKey],
    }),
  );
  if (row.agreementKey && row.agreementInputs === inputs) return row;

  const storage = storageOf(ctx);
  const usable = template?.extension === 'docx' && template.bytesSize <= TEMPLATE_MAX_BYTES;
  const bytes = usable ? await storage.get(template.storageKey) : null;
  const rendered = await filePool().run({
    kind: 'renderAgreement',
    data,
    template: bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null,
  });
  if (rendered.templateProblem || (usable && !bytes))
    // The deal and the document by id only: the template and the parties' data are not logged.
    log?.warn(
      { dealId: row.id, documentId: template?.id, problem: rendered.templateProblem ?? 'file missing' },
      'agreement template unreadable; the platform’s text is used',
    );

  const file = { key: newFileKey('deal_agreements', row.id, 'pdf'), bytes: Buffer.from(rendered.pdf) };
  const outcome = await withStoredFiles(storage, [file], () =>
    ctx.db.transaction(async (tx) => {
      const locked = await lockDeal(tx, row.id);
      // Gone, made by another call from the same facts, or signed meanwhile: what is stored stays.
      if (!locked || locked.agreementInputs === inputs || (locked.agreementKey && isSigned(locked)))
        return { row: locked ?? row, drop: file.key };
      const updated = await updateDealFiles(tx, row.id, {
        agreementKey: file.key,
        agreementSha256: rendered.sha256,
        agreementSource: rendered.source,
        agreementInputs: inputs,
      });
      return { row: updated, drop: locked.agreementKey };
    }),
  );
  await dropFiles(storage, [outcome.drop]);
  return outcome.row;
}
