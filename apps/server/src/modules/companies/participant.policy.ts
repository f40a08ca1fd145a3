/** Whether a company may be chosen as a participant of a procedure (spec 1 §2 step 4: such an item is disabled). */
export function participantError(company: { buyer: boolean; goodStanding: boolean }): string | null {
  if (!company.goodStanding) return 'Компания не аккредитована';
  if (!company.buyer) return 'Компания не является покупателем';
  return null;
}
