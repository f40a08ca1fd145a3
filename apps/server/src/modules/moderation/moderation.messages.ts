/** Russian texts of the organiser's confirmation (spec 2 §8 where given, ours otherwise). */
export const MODERATION_TEXTS = {
  // Spec 2 §8.
  confirmed: 'Торговая процедура подтверждена',
  remarksTaken: 'Специалист примет к сведению Ваши замечания',
  // Ours.
  rejectedByAdmin: 'Торговая процедура отклонена',
  sellerConfirms: 'Торговую процедуру, созданную администратором, подтверждает организатор торгов',
  adminApproves: 'Торговую процедуру, отправленную организатором, согласует администратор площадки',
  notPending: 'Торговая процедура не ожидает подтверждения',
  noStart: 'Не указано время начала торгов',
  startPassed: 'Время начала торгов уже прошло: измените даты торговой процедуры',
} as const;
