/** The company JSON (spec 3 §3 Company). */
import type { Company, CompanyDocument } from '@etp/contracts';
import type { CompanyRow, DocumentRow } from './company.queries.ts';

export const logoUrl = (company: Pick<CompanyRow, 'id' | 'logoKey'>) =>
  company.logoKey ? `/api/v1/files/company_logos/${company.id}` : null;

function presentDocument(row: DocumentRow): CompanyDocument {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    bytes_size: row.bytesSize,
    url: `/api/v1/files/company_documents/${row.id}`,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentCompany(row: CompanyRow, docs: DocumentRow[], owner: boolean): Company {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    full_name: row.fullName,
    address: row.address,
    current_address: row.currentAddress,
    inn: row.inn,
    kpp: row.kpp,
    okved: row.okved,
    management_name: row.managementName,
    management_post: row.managementPost,
    logo_url: logoUrl(row),
    buyer: row.buyer,
    seller: row.seller,
    agreement: row.agreement,
    owner,
    good_standing: row.goodStanding,
    fssp: row.fssp,
    need_attention: row.needAttention,
    accreditation_status: row.accreditationStatus,
    accreditation_note: row.accreditationNote,
    accreditation_requested_at: row.accreditationRequestedAt?.toISOString() ?? null,
    accredited_at: row.accreditedAt?.toISOString() ?? null,
    documents: docs.map(presentDocument),
    bank_account: {
      account: row.bankAccount,
      bank: row.bankName,
      bik: row.bik,
      bank_inn: row.bankInn,
      correspondent_account: row.correspondentAccount,
    },
    signer_name: row.signerName,
    signer_position_and_fio: row.signerPositionAndFio,
    passport: row.passport,
    phone: row.phone,
    email: row.email,
  };
}
