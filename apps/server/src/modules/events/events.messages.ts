/**
 * The titles of events (docs/decisions/0034, 0123): one style for all, "<what it is about>: <what happened>", the
 * subject being "ТП №N", "Лот №k ТП №N" or "Компания X". Written into the event when it happens; the mails of
 * events (mail/eventMail.ts) use the same title as their subject. The lot's own name (`lotTitle`) is here too, used
 * as well by the documents and the deals.
 */
type LotRef = { number: number; aliasNumber: string | null };

/** The lot as events and documents name it: 'Лот №N', or the name the seller gave it (as the web shows it). */
export function lotTitle(lot: LotRef): string {
  const alias = lot.aliasNumber?.trim();
  return !alias || alias === String(lot.number) ? `Лот №${lot.number}` : alias;
}

const procedure = (id: number) => `ТП №${id}`;
const lotOf = (lot: LotRef, briefcaseId: number) => `${lotTitle(lot)} ТП №${briefcaseId}`;
const company = (name: string) => `Компания ${name}`;

export const EVENT_TEXTS = {
  outbid: (lot: LotRef, briefcaseId: number) => `${lotOf(lot, briefcaseId)}: ваша ставка перебита`,
  won: (lot: LotRef, briefcaseId: number) => `${lotOf(lot, briefcaseId)}: вы победили`,
  lostToOther: (lot: LotRef, briefcaseId: number) => `${lotOf(lot, briefcaseId)}: победил другой участник`,
  lostNoWinner: (lot: LotRef, briefcaseId: number) =>
    `${lotOf(lot, briefcaseId)}: продавец завершил лот без победителя`,
  autobidMaxedOut: (lot: LotRef, briefcaseId: number) =>
    `${lotOf(lot, briefcaseId)}: автоставка достигла максимальной цены и отключена`,
  status: (briefcaseId: number, label: string) => `${procedure(briefcaseId)}: статус «${label}»`,
  procedureInvitation: (briefcaseId: number) =>
    `${procedure(briefcaseId)}: ваша компания приглашена к участию в закрытой процедуре`,
  roundInvitation: (briefcaseId: number, from: number) =>
    `${procedure(briefcaseId)}: следующий тур по лотам ТП №${from}, на которые вы подали заявку`,
  invited: (name: string) =>
    `${company(name)}: вас пригласили в сотрудники, примите или отклоните приглашение в профиле`,
  inviteAccepted: (who: string, name: string) => `${company(name)}: ${who} принял(а) приглашение`,
  inviteDeclined: (who: string, name: string) => `${company(name)}: ${who} отклонил(а) приглашение`,
  accreditationApproved: (name: string) =>
    `${company(name)}: аккредитация пройдена, доступны торги и расширенная информация о процедурах`,
  accreditationRejected: (name: string, reason: string) =>
    `${company(name)}: аккредитация отклонена. Причина: ${reason}`,
  questionAsked: (briefcaseId: number, title: string) =>
    `ТП №${briefcaseId}: участник задал вопрос «${title.length > 80 ? `${title.slice(0, 79)}…` : title}»`,
  questionAnswered: (briefcaseId: number, title: string) =>
    `ТП №${briefcaseId}: опубликован ответ на ваш вопрос «${title.length > 80 ? `${title.slice(0, 79)}…` : title}»`,
  /** Shown for an event written without a text (should not happen; older rows). */
  fallback: {
    outbid: 'Ваша ставка перебита',
    won: 'Вы победили в лоте',
    lost: 'Лот завершён, вы не победили',
    briefcase_status: 'Изменился статус торговой процедуры',
    invitation: 'Приглашение в компанию',
    accreditation_approved: 'Компания аккредитована',
    accreditation_rejected: 'Аккредитация отклонена',
    autobid_maxed_out: 'Автоставка достигла максимума',
    procedure_invitation: 'Приглашение к участию в закрытой процедуре',
    round_invitation: 'Создан следующий тур',
    question_answered: 'Опубликован ответ на ваш вопрос',
    question_asked: 'Участник задал вопрос',
    deal: 'Изменилось состояние сделки',
  },
} as const;
