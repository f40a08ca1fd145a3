/** Russian texts of the demo procedures: descriptions, the source of the debts, a moderator's rejection. */
import { countWithNoun } from '@etp/domain';
import type { ProcedureModel } from './build.ts';

const SOURCE_TEXT: Readonly<Record<string, string>> = {
  overdue_loans: 'просроченной задолженности физических лиц (просрочка от 90 дней)',
  active_loan:
    'непросроченной задолженности физических лиц, обслуживаемой в срок или с просрочкой до 90 дней',
  court_decisions: 'задолженности с вынесенными судебными приказами и решениями суда',
  enforcement: 'задолженности на стадии исполнительного производства',
};

export function sourceDescription(p: ProcedureModel): string {
  const origin = p.profile.resold
    ? 'Портфель приобретён продавцом ранее по договорам цессии у банков и МФО'
    : p.profile.book === 'bank'
      ? 'Кредиты выданы банком-продавцом'
      : 'Займы выданы МФК-продавцом онлайн и в офисах';
  const product = p.profile.product ? ` Все договоры — ${p.profile.product.toLowerCase()}.` : '';
  return `Права требования по ${SOURCE_TEXT[p.profile.sourceKind] ?? 'задолженности'}. ${origin}.${product}`;
}

export function description(p: ProcedureModel): string {
  const lines = [
    `Уступка прав требования: ${countWithNoun(p.aggregates.itemsCount, ['договор', 'договора', 'договоров'])} ` +
      `в ${countWithNoun(p.spec.lots, ['лоте', 'лотах', 'лотах'])}.`,
    'Кредитные досье передаются в электронном виде в течение 10 рабочих дней после оплаты; бумажные — по запросу.',
    'Договор уступки подписывается электронной подписью на площадке.',
  ];
  if (p.spec.composite) lines.push('Сводный лот включает все лоты процедуры и продаётся одним договором.');
  if (p.spec.endMode === 'convert') {
    lines.push(
      'По итогам приёма предложений продавец выбирает стартовую цену второго тура (классический аукцион).',
    );
  }
  return lines.join('\n');
}

export const REJECTION_NOTE =
  'В реестре у 14 договоров не заполнена дата последнего платежа, а стартовая цена лота № 2 ниже минимальной ' +
  'по регламенту. Исправьте реестр и отправьте процедуру на согласование повторно.';

export const QUESTIONS = [
  {
    title: 'Передаются ли вместе с правами требования оригиналы кредитных досье?',
    answer:
      'Да. Электронные досье передаются в течение 10 рабочих дней после оплаты, оригиналы на бумаге — ' +
      'по акту приёма-передачи в течение 30 дней.',
  },
  {
    title: 'Есть ли в портфеле должники, в отношении которых введена процедура банкротства?',
    answer: null,
  },
  {
    title: 'Можно ли получить выписку по платежам за последние 12 месяцев по лоту № 1?',
    answer: 'Выписка приложена к документации процедуры (файл «Платежи за 360 дней»).',
  },
] as const;
