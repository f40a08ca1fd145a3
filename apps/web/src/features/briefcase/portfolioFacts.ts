/**
 * The portfolio tab's facts, built from the card's attributes only: amounts, counts, dates and classifiers.
 * Anything the procedure does not carry reads 'Нет данных' (spec 3 §8).
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import {
  AUCTION_TYPE_LABELS,
  countWithNoun,
  DAYS,
  END_MODE_LABELS,
  formatMoscowDateTime,
  formatPercent,
  formatRubles,
  isPrivateAuction,
  LIABILITY_LABELS,
  type Liability,
  PAYMENT_KIND_LABELS,
  PERCENT_MODE_FULL_LABELS,
} from '@etp/domain';
import type { KeyValueRow } from '../../components/KeyValueTable.tsx';
import { startPriceFact } from '../feed/startPriceFact.ts';
import { CARD_MESSAGES } from './messages.ts';

const NO_DATA = CARD_MESSAGES.noData;

const orNoData = (value: string | null | undefined): string => (value?.trim() ? value : NO_DATA);

function liabilityText(value: string | null): string {
  if (!value) return NO_DATA;
  return Object.hasOwn(LIABILITY_LABELS, value) ? LIABILITY_LABELS[value as Liability] : value;
}

const days = (n: number | null): string => (n === null ? NO_DATA : countWithNoun(Math.round(n), DAYS));

export function portfolioFacts(b: BriefcaseCardAttributes, viewerOffsetMinutes: number): KeyValueRow[] {
  const money = (kopecks: number) => formatRubles(kopecks, { currency: b.currency });
  const when = (iso: string | null) => (iso ? formatMoscowDateTime(iso, { viewerOffsetMinutes }) : NO_DATA);
  const price = startPriceFact(b);
  const rows: KeyValueRow[] = [
    { label: 'Тип торгов', value: AUCTION_TYPE_LABELS[b.auction_type] },
    { label: 'Начало торгов', value: when(b.start_datetime) },
    { label: 'Окончание торгов', value: when(b.end_datetime) },
    { label: 'Основной долг (ОД)', value: money(b.amount_total) },
    { label: 'Общая сумма задолженности (ОСЗ)', value: money(b.amount_bottomline) },
    { label: price.label, value: money(price.kopecks) },
    { label: 'Средний долг по ОД', value: money(b.amount_mean) },
    { label: 'Средний долг по ОСЗ', value: money(b.bottomline_mean) },
    { label: 'Количество дел', value: b.items_count.toLocaleString('ru-RU') },
    {
      label: 'Количество лотов',
      value: b.with_composite_lot ? `${b.lots_count} (включая лот «Весь портфель»)` : String(b.lots_count),
    },
    { label: 'Залог', value: liabilityText(b.liability) },
    { label: 'Вид деятельности', value: orNoData(b.human_activity) },
    { label: 'Вид портфеля', value: orNoData(b.human_source_kind) },
    { label: 'Тип должников', value: orNoData(b.human_source_debtor_typed) },
    { label: 'DPD (средний)', value: days(b.analytics.dpd) },
    { label: 'DPLP (средний)', value: days(b.analytics.dplp) },
    { label: 'Комиссию оплачивает', value: b.kind ? PAYMENT_KIND_LABELS[b.kind] : NO_DATA },
    { label: 'Проценты считаются от', value: PERCENT_MODE_FULL_LABELS[b.percent_mode] },
  ];
  if (isPrivateAuction(b.auction_type))
    rows.push({ label: 'Порядок завершения', value: END_MODE_LABELS[b.end_mode] });
  if (b.auction_type === 'dutch') {
    rows.push({ label: 'Снижение цены', value: `каждые ${b.lot_renewal_minutes} мин` });
  } else if (!isPrivateAuction(b.auction_type)) {
    rows.push({
      label: 'Продление после последней ставки',
      value:
        b.renewal_after_last_bid_in_minutes === 0
          ? 'отсутствует'
          : `${b.renewal_after_last_bid_in_minutes} мин`,
    });
  }
  rows.push({
    label: 'Комиссия площадки',
    value: b.commission_percent === null ? NO_DATA : formatPercent(b.commission_percent),
  });
  return rows;
}
