/**
 * What the deal's agreement says, as plain data (decisions/0263): gathered by SQL on the main thread, written and
 * drawn in a file worker (a structured clone crosses). Money in kopecks, times as ISO strings.
 */

/** A party's requisites as its company stores them (accounts.ts); empty ones are left out of the agreement. */
export interface AgreementParty {
  name: string;
  fullName: string;
  inn: string | null;
  kpp: string | null;
  address: string | null;
  bankAccount: string | null;
  bankName: string | null;
  bik: string | null;
  correspondentAccount: string | null;
  /** "Генеральный директор Иванов И. И.": the signer's position and name, else the management's. */
  signer: string | null;
  email: string | null;
  phone: string | null;
}

export interface AgreementData {
  dealId: number;
  briefcaseId: number;
  /** The deal's opening (the winner's choice or the accepted offer): the agreement's date. */
  openedAt: string;
  lot: {
    title: string;
    debtsCount: number;
    /** ОД: the lot's total debt, kopecks. */
    principal: number;
    /** ОСЗ: the lot's outstanding balance, kopecks. */
    total: number;
  };
  priceKopecks: number;
  payWorkingDays: number;
  buyer: AgreementParty;
  seller: AgreementParty;
  /** The procedure's audit chain entry that opened the deal: its hash covers the whole trading before it. */
  chain: { seq: number; hash: string } | null;
}

/** The agreement's text: its title and paragraphs, then each party's requisites; the PDF draws it as it is. */
export interface AgreementText {
  title: string;
  source: 'template' | 'platform';
  /** `heading` paragraphs are section titles; the rest body text. */
  paragraphs: { text: string; heading?: boolean }[];
  requisites: { title: string; lines: string[] }[];
  /** The audit chain lines under the requisites. */
  chain: string[];
}

/** What the file worker gives back: the PDF, its text's SHA-256 (hex) and whether the template was usable. */
export interface RenderedAgreement {
  pdf: Uint8Array;
  sha256: string;
  source: 'template' | 'platform';
  /** Why the seller's template could not be read (logged, never shown): the platform's text was used. */
  templateProblem: string | null;
}
