/**
 * Keeps each procedure's trade protocol and main report in step with its audit chain (docs/decisions/0120): after
 * trading a procedure whose newest protocol was made from an older chain head (it just finished, or a winner was
 * chosen since) gets new ones. The facts are read here, the PDFs are drawn in a file worker, the files go to
 * Storage and the rows replace the old ones in one transaction; the old files are removed after it commits.
 */
import type { AppContext } from '../../appContext.ts';
import { filePool } from '../../files/filePool.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { dropFiles, newFileKey, withStoredFiles } from '../files/files.service.ts';
import { DOCUMENT_TEXTS as T } from './documents.messages.ts';
import {
  type GeneratedFile,
  gatherProtocol,
  isProtocolStale,
  replaceGenerated,
  staleProtocols,
} from './protocol.queries.ts';

/** Procedures refreshed per pass; the rest wait for the next one. */
const PER_PASS = 5;

/** Makes the procedure's protocol and main report from its current state; false when it does not exist. */
function refreshProtocol(ctx: AppContext, briefcaseId: number): Promise<boolean> {
  // Refreshes under way on this node, so that two asking at once wait for one rendering.
  const under = ctx.node.protocolRenders;
  let running = under.get(briefcaseId);
  if (!running) {
    running = renderAndStore(ctx, briefcaseId).finally(() => under.delete(briefcaseId));
    under.set(briefcaseId, running);
  }
  return running;
}

/**
 * Before the documents of a procedure after trading are listed or served: its protocol and main report are made
 * now when missing or stale (history imported without an audit chain, or a pass of the leader not yet run).
 */
export async function ensureProtocol(ctx: AppContext, briefcaseId: number): Promise<void> {
  if (await isProtocolStale(ctx.db, briefcaseId)) await refreshProtocol(ctx, briefcaseId);
}

async function renderAndStore(ctx: AppContext, briefcaseId: number): Promise<boolean> {
  const at = ctx.now();
  const data = await gatherProtocol(ctx.db, briefcaseId, at);
  if (!data) return false;
  const rendered = await filePool().run({
    kind: 'renderProtocol',
    data: { ...data, supportEmail: ctx.config.supportEmail },
  });
  const made: (GeneratedFile & { bytes: Buffer })[] = [
    {
      kind: 'protocol',
      title: T.protocolName(briefcaseId),
      name: T.protocolName(briefcaseId),
      bytes: Buffer.from(rendered.protocol),
      key: newFileKey('protocols', briefcaseId, 'pdf'),
      bytesSize: rendered.protocol.byteLength,
    },
    {
      kind: 'main_report',
      title: T.mainReportTitle,
      name: T.mainReportName(briefcaseId),
      bytes: Buffer.from(rendered.mainReport),
      key: newFileKey('protocols', briefcaseId, 'pdf'),
      bytesSize: rendered.mainReport.byteLength,
    },
  ];
  const storage = storageOf(ctx);
  const replaced = await withStoredFiles(storage, made, () =>
    ctx.db.transaction((tx) => replaceGenerated(tx, briefcaseId, data.audit.seq, made, at)),
  );
  // A newer protocol won the race: this one's files are not referenced by anything.
  await dropFiles(storage, replaced ?? made.map((f) => f.key));
  return replaced !== null;
}

/** One pass of the leader: every procedure whose protocol is missing or stale gets a fresh one. */
export async function refreshStaleProtocols(ctx: AppContext): Promise<number[]> {
  const done: number[] = [];
  for (const id of await staleProtocols(ctx.db, PER_PASS)) {
    if (await refreshProtocol(ctx, id)) done.push(id);
  }
  return done;
}
