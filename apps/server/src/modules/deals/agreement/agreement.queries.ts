/** SQL of the deal's agreement and scans (decisions/0263): what it says, the seller's template, the stored files. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { auditLog, companies, type DealRow, deals, documents, lots } from '../../../db/schema/index.ts';
import { lotTitle } from '../../events/events.messages.ts';
import type { AgreementData, AgreementParty } from './agreementModel.ts';

const TEMPLATE_KIND = 'cession_agreement_template';

const partyColumns = {
  id: companies.id,
  name: companies.name,
  fullName: companies.fullName,
  inn: companies.inn,
  kpp: companies.kpp,
  address: companies.address,
  bankAccount: companies.bankAccount,
  bankName: companies.bankName,
  bik: companies.bik,
  correspondentAccount: companies.correspondentAccount,
  signerPositionAndFio: companies.signerPositionAndFio,
  signerName: companies.signerName,
  managementPost: companies.managementPost,
  managementName: companies.managementName,
  email: companies.email,
  phone: companies.phone,
};

type PartyRow = { [K in keyof typeof partyColumns]: (typeof partyColumns)[K]['_']['data'] | null };

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function partyOf(row: PartyRow | undefined): AgreementParty {
  const management = [row?.managementPost, row?.managementName].map(blank).filter(Boolean).join(' ');
  return {
    name: row?.name ?? '',
    fullName: row?.fullName ?? '',
    inn: blank(row?.inn),
    kpp: blank(row?.kpp),
    address: blank(row?.address),
    bankAccount: blank(row?.bankAccount),
    bankName: blank(row?.bankName),
    bik: blank(row?.bik),
    correspondentAccount: blank(row?.correspondentAccount),
    signer: blank(row?.signerPositionAndFio) ?? blank(row?.signerName) ?? blank(management),
    email: blank(row?.email),
    phone: blank(row?.phone),
  };
}

/** The procedure's newest agreement template (any format; only a .docx is read), or null. */
async function findTemplate(db: DbOrTx, briefcaseId: number) {
  const [row] = await db
    .select({
      id: documents.id,
      extension: documents.extension,
      bytesSize: documents.bytesSize,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .where(and(eq(documents.briefcaseId, briefcaseId), eq(documents.kind, TEMPLATE_KIND)))
    .orderBy(desc(documents.id))
    .limit(1);
  return row ?? null;
}

/** What the deal's agreement says now, and the template it would be written from. */
export async function gatherAgreement(db: DbOrTx, row: DealRow) {
  const [parties, [lot], [opening], template] = await Promise.all([
    db
      .select(partyColumns)
      .from(companies)
      .where(inArray(companies.id, [row.buyerCompanyId, row.sellerCompanyId])),
    db
      .select({
        number: lots.number,
        aliasNumber: lots.aliasNumber,
        itemsCount: lots.itemsCount,
        amountTotal: lots.amountTotal,
        amountBottomline: lots.amountBottomline,
      })
      .from(lots)
      .where(eq(lots.id, row.lotId)),
    db
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.briefcaseId, row.briefcaseId),
          eq(auditLog.action, 'deal_opened'),
          sql`${auditLog.payload}->>'dealId' = ${String(row.id)}`,
        ),
      )
      .limit(1),
    findTemplate(db, row.briefcaseId),
  ]);
  const byId = new Map(parties.map((p) => [p.id, p]));
  const data: AgreementData = {
    dealId: row.id,
    briefcaseId: row.briefcaseId,
    openedAt: row.createdAt.toISOString(),
    lot: {
      title: lot ? lotTitle(lot) : '',
      debtsCount: lot?.itemsCount ?? 0,
      principal: lot?.amountTotal ?? 0,
      total: lot?.amountBottomline ?? 0,
    },
    priceKopecks: row.priceKopecks,
    payWorkingDays: row.payWorkingDays,
    buyer: partyOf(byId.get(row.buyerCompanyId)),
    seller: partyOf(byId.get(row.sellerCompanyId)),
    chain: opening ?? null,
  };
  return { data, template };
}

/** Of the given procedures, those whose agreement template is a .docx (the agreement's text is the seller's). */
export async function briefcasesWithDocxTemplate(db: DbOrTx, briefcaseIds: number[]): Promise<Set<number>> {
  if (briefcaseIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: documents.briefcaseId })
    .from(documents)
    .where(
      and(
        inArray(documents.briefcaseId, briefcaseIds),
        eq(documents.kind, TEMPLATE_KIND),
        eq(documents.extension, 'docx'),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is number => id !== null));
}

type AgreementColumns = Pick<
  typeof deals.$inferInsert,
  | 'agreementKey'
  | 'agreementSha256'
  | 'agreementSource'
  | 'agreementInputs'
  | 'buyerScanKey'
  | 'sellerScanKey'
>;

/** Stores the agreement's or a scan's columns on the (locked) deal row. */
export async function updateDealFiles(db: DbOrTx, id: number, patch: AgreementColumns): Promise<DealRow> {
  const [row] = await db.update(deals).set(patch).where(eq(deals.id, id)).returning();
  return row!;
}
