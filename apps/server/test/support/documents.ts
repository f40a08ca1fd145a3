/** Documentation files of a procedure for tests: stored in the app's Storage with a row, as an upload would be. */
import { randomBytes } from 'node:crypto';
import { documents } from '../../src/db/schema/index.ts';
import { storageOf } from '../../src/storage/storageOf.ts';
import type { TestApp } from './app.ts';

export async function buildDocument(
  t: TestApp,
  briefcase: { id: number },
  options: {
    kind: 'template' | 'documentation' | 'cession_agreement_template' | 'check_list' | 'other';
    name: string;
    extension?: string;
    bytes?: Buffer;
    /** A file already on disk, moved into the store (large files are never held in memory). */
    path?: string;
    size?: number;
  },
) {
  const extension = options.extension ?? 'pdf';
  const key = `briefcase_documents/${briefcase.id}/${randomBytes(12).toString('hex')}.${extension}`;
  const storage = storageOf(t.ctx);
  if (options.path) await storage.putFile(key, options.path);
  else await storage.put(key, options.bytes ?? Buffer.from(`%PDF-1.4 ${options.name}`));
  const [row] = await t.ctx.db
    .insert(documents)
    .values({
      briefcaseId: briefcase.id,
      kind: options.kind,
      title: options.kind,
      name: options.name,
      extension,
      bytesSize: options.size ?? options.bytes?.byteLength ?? 0,
      storageKey: key,
    })
    .returning();
  return row!;
}
