/**
 * The PDF page every document of a procedure shares: A4, DejaVu fonts from npm embedded (subset) so Cyrillic
 * renders in any viewer, a title block and "Страница N из M" on each page. Runs in a file worker.
 */
import { createRequire } from 'node:module';
import { moscowParts } from '@etp/domain';
import PDFDocument from 'pdfkit';
import { DOCUMENT_TEXTS as T } from '../documents.messages.ts';

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

const FONTS = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
  mono: font('DejaVuSansMono.ttf'),
} as const;

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 48;
/** Colours of the platform's theme, muted for print. */
export const INK = { text: '#1f2937', muted: '#6b7280', line: '#d1d5db', head: '#f3f4f6', accent: '#1e3a8a' };

/** A document with the fonts registered, pages buffered (for the page numbers) and metadata set. */
export function newPdf(title: string, layout: 'portrait' | 'landscape' = 'portrait'): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: 'ЭТП РД', Creator: 'ЭТП РД' },
    lang: 'ru-RU',
    displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('mono', FONTS.mono);
  doc.font('regular').fontSize(10).fillColor(INK.text);
  return doc;
}

/** The document's bytes once it is ended, with "Страница N из M" written at the foot of every page. */
export function finishPdf(doc: Pdf): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not add a page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(INK.muted)
      .text(T.page(i + 1, range.count), MARGIN, doc.page.height - MARGIN / 2 - 4, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The usable width of a page. */
export const contentWidth = (doc: Pdf) => doc.page.width - 2 * MARGIN;

export function heading(doc: Pdf, text: string, size = 15): void {
  doc
    .font('bold')
    .fontSize(size)
    .fillColor(INK.accent)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(10).fillColor(INK.text);
}

/** Label–value lines of a fact block. */
export function facts(doc: Pdf, rows: [string, string][]): void {
  doc.font('regular').fontSize(10).fillColor(INK.text);
  doc.table({
    columnStyles: [170, '*'],
    defaultStyle: { border: 0, padding: [2, 4, 2, 0], font: { size: 10 } } as never,
    data: rows.map(([label, value]) => [{ text: label, textColor: INK.muted }, { text: value }]),
  });
  doc.moveDown(0.6);
}

/** Starts a new page when less than `height` points remain, so a block is not split from its heading. */
export function keepTogether(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'ДД.ММ.ГГГГ ЧЧ:ММ:СС' in Moscow time. */
export function moscowStamp(iso: string): string {
  const p = moscowParts(iso);
  return `${pad2(p.day)}.${pad2(p.month)}.${p.year} ${pad2(p.hours)}:${pad2(p.minutes)}:${pad2(p.seconds)}`;
}

/** 'ДД.ММ.ГГГГ ЧЧ:ММ МСК', or '—'. */
export function moscowDateTime(iso: string | null): string {
  if (!iso) return T.noData;
  return `${moscowStamp(iso).slice(0, 16)} ${T.moscow}`;
}
