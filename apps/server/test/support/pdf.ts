/** The text of a PDF as poppler's pdftotext reads it (installed by .ci/run), spaces of every kind made one. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/[\s\u00a0\u202f]+/gu, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The same normalisation for an expected text (a formatted price carries no-break spaces). */
export const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/gu, ' ');
