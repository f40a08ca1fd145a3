/**
 * The demo procedures' documentation (spec 1 document kinds): a regulation and a draft assignment agreement for
 * every procedure, and an explanatory note ("Другой документ", hidden from participants after trading) for every
 * third. Three small PDFs are drawn once and stored under a key per document, as uploads would be.
 */
import { randomBytes } from 'node:crypto';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '@etp/domain';
import type { DbOrTx } from '../db/client.ts';
import { documents } from '../db/schema/index.ts';
import { contentWidth, finishPdf, heading, newPdf } from '../modules/documents/formats/pdf.ts';
import type { Storage } from '../storage/storage.ts';
import type { InsertedProcedure } from './insert.ts';

interface DemoDocument {
  kind: DocumentKind;
  name: string;
  title: string;
  paragraphs: string[];
}

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    kind: 'template',
    name: 'Регламент проведения торгов',
    title: 'Регламент проведения торгов (демонстрационный документ)',
    paragraphs: [
      '1. Торги проводятся на электронной торговой площадке ЭТП РД в форме, указанной в карточке торговой процедуры.',
      '2. К участию допускаются аккредитованные организации, соответствующие требованиям процедуры.',
      '3. Время проведения торгов указывается по московскому времени (МСК).',
      '4. Победитель определяется организатором после окончания торгов; результаты фиксируются в протоколе торгов.',
      'Документ создан для демонстрации возможностей площадки и не является офертой.',
    ],
  },
  {
    kind: 'cession_agreement_template',
    name: 'Договор уступки прав требования (проект)',
    title: 'Договор уступки прав требования (проект)',
    paragraphs: [
      'Цедент уступает, а Цессионарий принимает права требования по кредитным договорам, перечисленным в реестре лота.',
      'Цена уступки равна цене, определённой по результатам торгов.',
      'Права требования переходят к Цессионарию в дату полной оплаты цены уступки.',
      'Документ создан для демонстрации возможностей площадки.',
    ],
  },
  {
    kind: 'other',
    name: 'Пояснительная записка продавца',
    title: 'Пояснительная записка продавца',
    paragraphs: [
      'Сведения о порядке работы с портфелем до и после торгов, предназначенные участникам процедуры.',
      'После окончания торгов документ доступен только организатору.',
    ],
  },
];

async function draw(document: DemoDocument): Promise<Buffer> {
  const doc = newPdf(document.title);
  heading(doc, document.title);
  for (const paragraph of document.paragraphs) {
    doc.text(paragraph, { width: contentWidth(doc), paragraphGap: 6 });
  }
  return Buffer.from(await finishPdf(doc));
}

/** Stores the files and writes the rows; procedures still drafts get their documents too (the seller sees them). */
export async function insertDemoDocuments(
  tx: DbOrTx,
  done: readonly InsertedProcedure[],
  storage: Storage,
): Promise<number> {
  const drawn = await Promise.all(DEMO_DOCUMENTS.map(async (d) => ({ ...d, bytes: await draw(d) })));
  const rows: (typeof documents.$inferInsert)[] = [];
  for (const d of done) {
    for (const [i, document] of drawn.entries()) {
      if (document.kind === 'other' && d.model.index % 3 !== 0) continue;
      const key = `briefcase_documents/${d.id}/${randomBytes(12).toString('hex')}.pdf`;
      await storage.put(key, document.bytes);
      rows.push({
        briefcaseId: d.id,
        kind: document.kind,
        title: DOCUMENT_KIND_LABELS[document.kind],
        name: document.name,
        extension: 'pdf',
        bytesSize: document.bytes.byteLength,
        storageKey: key,
        createdAt: new Date(d.model.createdAt.getTime() + (i + 1) * 60_000),
      });
    }
  }
  if (rows.length) await tx.insert(documents).values(rows);
  return rows.length;
}
