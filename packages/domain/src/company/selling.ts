/**
 * Who may create trading procedures (spec 2 §1: full access means creating procedures; decision 0068): an
 * administrator for any company, a user for a company they belong to only while it is accredited in good standing
 * and carries the seller flag. The server enforces it on every creating call; the web app hides the entry points
 * and says why when the page is opened anyway.
 */
export interface SellingFacts {
  admin: boolean;
  goodStanding: boolean;
  seller: boolean;
}

export const NOT_A_SELLER_TEXT =
  'Создавать процедуры и загружать реестры могут только аккредитованные компании-продавцы. Дождитесь аккредитации или обратитесь к администратору площадки.';

export function mayCreateProcedures(facts: SellingFacts): boolean {
  return facts.admin || (facts.goodStanding && facts.seller);
}
