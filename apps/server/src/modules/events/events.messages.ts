/** Russian texts of events (docs/decisions/0034-events.md): written into the event when it happens. */
export const EVENT_TEXTS = {
  invited: (company: string) =>
    `Вас пригласили в компанию ${company}. Примите или отклоните приглашение в профиле.`,
  inviteAccepted: (who: string, company: string) => `${who} принял(а) приглашение в компанию ${company}`,
  inviteDeclined: (who: string, company: string) => `${who} отклонил(а) приглашение в компанию ${company}`,
  accreditationApproved: (company: string) =>
    `Компания ${company} аккредитована: доступны торги и расширенная информация о процедурах`,
  accreditationRejected: (company: string, reason: string) =>
    `Аккредитация компании ${company} отклонена. Причина: ${reason}`,
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
    question_answered: 'Опубликован ответ на ваш вопрос',
  },
} as const;
