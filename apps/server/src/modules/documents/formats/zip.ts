/**
 * The download-all archive (docs/decisions/0122): a zip written with `archiver` straight into the response, one
 * stored file at a time (the next is opened only when the previous entry is done), so a 100 MB set of documents
 * costs the server a few buffers, never the archive. Documents are mostly compressed already (pdf, docx, xlsx, zip):
 * a light deflate level keeps the CPU for trading.
 */
import { once } from 'node:events';
import { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../../storage/storage.ts';
import type { DocumentRow } from '../documents.queries.ts';
import { fileNameOf } from '../documents.service.ts';
import { moscowCell } from './reportFiles.ts';

/** Entry names, each unique: a second "Регламент.pdf" becomes "Регламент (2).pdf". */
function entryNames(files: Pick<DocumentRow, 'name' | 'extension'>[]): string[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const name = fileNameOf(file).replace(/[\\/]/g, '_');
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

export function streamZip(storage: Storage, files: DocumentRow[], log: FastifyBaseLogger): ZipArchive {
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const names = entryNames(files);
  (async () => {
    for (const [i, file] of files.entries()) {
      const stored = await storage.open(file.storageKey);
      // A file missing from the store (removed by hand) is left out rather than failing the whole archive.
      if (!stored) {
        log.warn({ documentId: file.id }, 'document file missing from storage; left out of the archive');
        continue;
      }
      const entry = once(archive, 'entry');
      // A zip entry's date has no zone and archiver writes its UTC fields: Moscow's wall clock is what a
      // participant's archiver shows (decisions/0244).
      archive.append(stored.stream, { name: names[i]!, date: moscowCell(file.createdAt)! });
      await entry;
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}
