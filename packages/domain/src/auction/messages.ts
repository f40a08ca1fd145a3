/**
 * Every Russian text of the auction rules: validation messages (spec 2 §5 to the letter where the spec gives them,
 * ours where it does not) and the lot condition texts (spec 2 §4). One place, so the server's errors and the web
 * app's labels cannot drift apart.
 */

export const BID_MESSAGES = {
  // Spec 2 §5, to the letter.
  required: 'Должно быть заполнено',
  positive: 'Должно быть больше 0',
  belowMinimum: 'Не может быть меньше минимальной суммы',
  notBelowDebt: 'Должно быть меньше общей суммы задолженности',
  // Ours.
  notWholeKopecks: 'Сумма должна быть указана с точностью до копейки',
  ownerCannotBid: 'Организатор торгов не может делать ставки',
  adminCannotBid: 'Администратор не может делать ставки',
  notAccredited: 'Участвовать в торгах может только аккредитованная компания',
  kindNotAllowed: 'Ваша компания не допущена к участию в этой торговой процедуре',
  notActive: 'Торги по лоту не проводятся',
  autobidsOnly: 'До начала торгов можно установить только автоставку',
  alreadyLeading: 'Ваша ставка уже лидирует',
  priceChanged: 'Цена изменилась, обновите страницу',
  offGrid: 'Сумма не соответствует шагу аукциона',
  maxBidsReached: 'Достигнуто максимальное количество ставок по лоту',
  raiseOnly: 'Новая ставка должна быть выше вашей текущей',
  noOffer: 'У вас нет ставки по этому лоту',
  // The bid input (bidInput.ts, decisions/0234).
  unreadable: 'Введите сумму цифрами',
  aboveCurrentPrice: 'Не может быть больше текущей цены',
} as const;

export const AUTOBID_MESSAGES = {
  classicOnly: 'Автоставки доступны только в классическом аукционе',
  closed: 'Приём автоставок по лоту закрыт',
  aboveNextPrice: 'Максимальная цена автоставки должна быть выше следующей цены',
  aboveCurrentMax: 'Новая максимальная цена должна быть выше текущей',
  ownerCannotBid: 'Организатор торгов не может устанавливать автоставки',
  adminCannotBid: 'Администратор не может устанавливать автоставки',
} as const;

export const RENEWAL_MESSAGES = {
  notActive: 'Торги по лоту не проводятся',
  notParticipant: 'Продлить торги может только участник со ставкой',
  tooEarly: 'Продлить торги можно в последние 5 минут',
  alreadyRenewed: 'Время торгов по лоту уже продлевалось',
} as const;

export const WINNER_MESSAGES = {
  notFinished: 'Победителя можно выбрать после окончания торгов',
  notAllowed: 'Выбрать победителя может только организатор или администратор',
  unknownBid: 'Ставка не найдена среди ставок лота',
} as const;

/** "+10 мин": the extend button. */
export function renewalButtonLabel(minutes: number): string {
  return `+${minutes} мин`;
}

/** The renewal snackbar: lot name plus 'время торгов продлено на {minutes} мин' (spec 2 §8). */
export function renewalSuccessMessage(lotName: string, minutes: number): string {
  return `${lotName}: время торгов продлено на ${minutes} мин`;
}

export const LOT_CONDITION_TEXTS = {
  // Spec 2 §4, to the letter.
  noWinner: 'Победителя нет',
  startPriceNotChosen: 'Начальная цена не выбрана',
  youWon: 'Вы победили',
  yourOfferChosen: 'Выбрана ваша ставка',
  autobidOn: 'Включена автоставка',
  otherWon: 'Победил другой участник',
  otherOfferChosen: 'Выбрана другая ставка',
  leading: 'Вы лидируете',
  outbid: 'Ставка перебита',
  noOwnBids: 'Ваших ставок нет',
  offerAccepted: 'Ваша ставка принята',
  endedWithoutBids: 'Торги завершены без ставок',
  // Ours, where the spec gives only a colour.
  winnerChosen: 'Победитель выбран',
  startPriceChosen: 'Начальная цена выбрана',
  choosingWinner: 'Подведение итогов',
  hasBids: 'Есть ставки',
  noBids: 'Ставок нет',
} as const;
