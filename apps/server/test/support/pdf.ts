/** The text of a PDF as poppler's pdftotext reads it (installed by .ci/run), spaces of every kind made one. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Where pictures of PDF pages are left to be looked at (test-results/ is not committed). */
const PDF_PICTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../test-results/pdf');

/** Page 1 of a PDF as a PNG in PDF_PICTURES (poppler's pdftoppm), named `<name>.png`; returns its path. */
export async function pagePicture(bytes: Buffer | Uint8Array, name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, bytes);
    await mkdir(PDF_PICTURES, { recursive: true });
    const out = join(PDF_PICTURES, name);
    await run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, out]);
    return `${out}.png`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
