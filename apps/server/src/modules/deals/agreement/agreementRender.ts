/**
 * The deal's agreement as a PDF (decisions/0263), in a file worker: the seller's .docx template read under limits
 * (or the platform's text), the requisites of both parties, the audit chain entry and the signature blocks. The
 * SHA-256 of the text (not of the PDF's bytes, which carry a creation time) is what a signature confirms.
 */
import { createHash } from 'node:crypto';
import {
  contentWidth,
  finishPdf,
  heading,
  INK,
  keepTogether,
  MARGIN,
  newPdf,
} from '../../documents/formats/pdf.ts';
import type { AgreementData, RenderedAgreement } from './agreementModel.ts';
import { agreementText, canonicalText, signatureLines } from './agreementText.ts';
import { docxParagraphs } from './docxText.ts';

export interface AgreementJob {
  data: AgreementData;
  /** The seller's .docx template, or null: the platform's text. */
  template: Uint8Array | null;
}

export async function renderAgreement(job: AgreementJob): Promise<RenderedAgreement> {
  const read = job.template ? await docxParagraphs(job.template) : null;
  const text = agreementText(job.data, read?.ok ? read.paragraphs : null);
  const sha256 = createHash('sha256').update(canonicalText(text, job.data), 'utf8').digest('hex');

  const doc = newPdf(text.title);
  heading(doc, text.title, 14);
  const width = contentWidth(doc);
  for (const paragraph of text.paragraphs) {
    if (paragraph.heading) {
      keepTogether(doc, 60);
      doc.moveDown(0.3);
      doc.font('bold').fontSize(10.5).text(paragraph.text, MARGIN, doc.y, { width });
      doc.font('regular').fontSize(10);
    } else doc.text(paragraph.text, MARGIN, doc.y, { width, align: 'justify' });
    doc.moveDown(0.35);
  }

  keepTogether(doc, 200);
  doc.moveDown(0.6);
  heading(doc, 'Реквизиты и подписи сторон', 12);
  const columnWidth = (width - 24) / 2;
  const top = doc.y;
  let bottom = top;
  const parties = [job.data.seller, job.data.buyer];
  text.requisites.forEach((block, i) => {
    const x = MARGIN + i * (columnWidth + 24);
    doc.font('bold').fontSize(10).fillColor(INK.text).text(block.title, x, top, { width: columnWidth });
    doc.font('regular').fontSize(9);
    for (const line of block.lines) doc.text(line, x, doc.y, { width: columnWidth });
    doc.moveDown(1.2);
    for (const line of signatureLines(parties[i]!)) doc.text(line, x, doc.y, { width: columnWidth });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = MARGIN;
  doc.y = bottom;
  if (text.chain.length > 0) {
    keepTogether(doc, 60);
    doc.moveDown(1);
    doc.font('regular').fontSize(8.5).fillColor(INK.muted);
    doc.text(text.chain[0]!, MARGIN, doc.y, { width });
    doc.font('mono').text(text.chain[1]!, MARGIN, doc.y, { width });
  }
  doc.moveDown(0.6);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(INK.muted)
    .text(`Хеш текста договора (SHA-256): ${sha256}`, MARGIN, doc.y, { width });
  return {
    pdf: await finishPdf(doc),
    sha256,
    source: text.source,
    templateProblem: read && !read.ok ? read.problem : null,
  };
}
