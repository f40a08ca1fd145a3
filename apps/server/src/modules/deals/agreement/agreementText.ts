/**
 * The words of the deal's agreement (decisions/0263): the seller's template with its placeholders filled, or the
 * platform's standard cession agreement; then both parties' requisites, the audit chain and the signature blocks.
 * Pure: the same data give the same text, so the text's hash names what a party signs.
 */
import { moscowParts, priceInFiguresAndWords, formatRublesExact as rubles, rublesInWords } from '@etp/domain';
import type { AgreementData, AgreementParty, AgreementText } from './agreementModel.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'ДД.ММ.ГГГГ' of the Moscow day. */
function moscowDate(iso: string): string {
  const p = moscowParts(iso);
  return `${pad2(p.day)}.${pad2(p.month)}.${p.year}`;
}

const partyName = (p: AgreementParty) => p.fullName || p.name;

const agreementTitle = (dealId: number) => `Договор уступки прав требования (цессии) №${dealId}`;

/**
 * The placeholders a seller's template may use, each `{{name}}`; an unknown one is left as written. The list is
 * decision 0263's.
 */
function placeholderValues(data: AgreementData): Record<string, string> {
  return {
    deal_number: String(data.dealId),
    procedure: `ТП №${data.briefcaseId}`,
    date: moscowDate(data.openedAt),
    buyer_name: partyName(data.buyer),
    buyer_inn: data.buyer.inn ?? '',
    seller_name: partyName(data.seller),
    seller_inn: data.seller.inn ?? '',
    lot: data.lot.title,
    debts_count: String(data.lot.debtsCount),
    principal: rubles(data.lot.principal),
    total: rubles(data.lot.total),
    price: rubles(data.priceKopecks),
    price_words: rublesInWords(data.priceKopecks),
  };
}

function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]{1,40})\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}

function standardClauses(data: AgreementData): { text: string; heading?: boolean }[] {
  const seller = partyName(data.seller);
  const buyer = partyName(data.buyer);
  const lot = data.lot;
  const clause = (heading: string, ...items: string[]) => [
    { text: heading, heading: true },
    ...items.map((text) => ({ text })),
  ];
  return [
    {
      text: `${seller}, именуемое в дальнейшем «Цедент», и ${buyer}, именуемое в дальнейшем «Цессионарий», вместе именуемые «Стороны», по итогам торговой процедуры ТП №${data.briefcaseId} на электронной торговой площадке ЭТП РД (далее — Площадка) заключили настоящий договор о нижеследующем.`,
    },
    ...clause(
      '1. Предмет договора',
      `1.1. Цедент уступает, а Цессионарий принимает права требования к должникам по кредитным и иным договорам, составляющие лот «${lot.title}» торговой процедуры ТП №${data.briefcaseId} (далее — Права требования).`,
      `1.2. Количество договоров (дел) в лоте: ${lot.debtsCount}. Общая сумма задолженности (ОД): ${rubles(lot.principal)}. Остаток ссудной задолженности (ОСЗ): ${rubles(lot.total)}.`,
      '1.3. Права требования переходят к Цессионарию в том объёме и на тех условиях, которые существуют на дату перехода, включая права, обеспечивающие исполнение обязательств, и право на неуплаченные проценты.',
    ),
    ...clause(
      '2. Цена и порядок оплаты',
      `2.1. Цена уступки Прав требования составляет ${priceInFiguresAndWords(data.priceKopecks)} и определена по итогам торгов на Площадке.`,
      `2.2. Цессионарий оплачивает цену в течение ${data.payWorkingDays} рабочих дней после подписания договора обеими Сторонами безналичным переводом на расчётный счёт Цедента, указанный в разделе «Реквизиты сторон».`,
      '2.3. Обязанность по оплате считается исполненной в день зачисления денежных средств на счёт Цедента. Цессионарий отмечает оплату на Площадке, Цедент подтверждает её получение.',
    ),
    ...clause(
      '3. Переход прав и передача реестра',
      '3.1. Права требования переходят к Цессионарию в день подтверждения Цедентом получения полной оплаты.',
      '3.2. После оплаты Цедент передаёт Цессионарию через Площадку реестр уступаемых прав требования с данными должников, а также по запросу Цессионария — копии документов, удостоверяющих Права требования, в течение 30 рабочих дней.',
      '3.3. Цессионарий самостоятельно уведомляет должников о состоявшейся уступке в порядке, установленном законодательством Российской Федерации.',
    ),
    ...clause(
      '4. Заверения Сторон',
      '4.1. Цедент заверяет, что Права требования действительны, принадлежат ему, не уступлены третьим лицам, не находятся под арестом или в залоге и их уступка не противоречит договорам с должниками и закону.',
      '4.2. Цедент не отвечает за исполнение должниками уступленных обязательств, если иное не предусмотрено настоящим договором.',
      '4.3. Каждая Сторона заверяет, что лицо, подписывающее договор от её имени, имеет на это необходимые полномочия.',
    ),
    ...clause(
      '5. Персональные данные и конфиденциальность',
      '5.1. Стороны обрабатывают персональные данные должников, полученные по настоящему договору, в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных», только в целях взыскания задолженности и с соблюдением требований Федерального закона от 03.07.2016 № 230-ФЗ.',
      '5.2. Стороны обеспечивают конфиденциальность и безопасность персональных данных, не раскрывают их третьим лицам без законных оснований и по требованию другой Стороны подтверждают принятые меры защиты.',
      '5.3. Условия настоящего договора и сведения о должниках являются конфиденциальными и раскрываются только в случаях, предусмотренных законом.',
    ),
    ...clause(
      '6. Ответственность',
      '6.1. За нарушение срока оплаты Цедент вправе потребовать от Цессионария уплаты неустойки в размере 0,1 % от неоплаченной суммы за каждый день просрочки.',
      '6.2. Если договор не подписан или цена не оплачена в сроки, установленные торговой процедурой, сделка считается несостоявшейся, и Цедент вправе предложить лот следующему участнику торгов.',
    ),
    ...clause(
      '7. Роль Площадки',
      '7.1. Площадка ЭТП РД обеспечивает проведение торгов, обмен документами и фиксацию действий Сторон в журнале аудита; Площадка не является стороной настоящего договора и не отвечает по обязательствам Сторон.',
      '7.2. Действия Сторон на Площадке (подписание, отметки об оплате, передача реестра) фиксируются с указанием времени по московскому времени и признаются Сторонами надлежащим доказательством.',
    ),
    ...clause(
      '8. Разрешение споров',
      '8.1. Споры разрешаются путём переговоров; срок ответа на претензию — 10 рабочих дней.',
      '8.2. Не урегулированные споры передаются на рассмотрение Арбитражного суда города Москвы.',
    ),
    ...clause(
      '9. Подписание договора',
      '9.1. Договор подписывается каждой Стороной на Площадке простой электронной подписью — кодом, направленным в SMS на подтверждённый номер телефона представителя Стороны, — либо загрузкой скана договора, подписанного собственноручно и скреплённого печатью (при наличии).',
      '9.2. Стороны признают договор, подписанный простой электронной подписью в соответствии с Федеральным законом от 06.04.2011 № 63-ФЗ «Об электронной подписи» и правилами Площадки, равнозначным договору на бумажном носителе. Код подписи связан с хешем текста настоящего договора.',
    ),
    ...clause(
      '10. Заключительные положения',
      '10.1. Договор вступает в силу с момента его подписания обеими Сторонами и действует до полного исполнения обязательств.',
      '10.2. Во всём, что не урегулировано договором, Стороны руководствуются законодательством Российской Федерации, в том числе статьями 382–390 Гражданского кодекса Российской Федерации.',
    ),
  ];
}

function requisiteLines(p: AgreementParty): string[] {
  const line = (label: string, value: string | null) => (value ? [`${label}: ${value}`] : []);
  return [
    partyName(p),
    ...line('ИНН', p.inn),
    ...line('КПП', p.kpp),
    ...line('Адрес', p.address),
    ...line('Расчётный счёт', p.bankAccount),
    ...line('Банк', p.bankName),
    ...line('БИК', p.bik),
    ...line('Корр. счёт', p.correspondentAccount),
    ...line('Телефон', p.phone),
    ...line('E-mail', p.email),
  ];
}

/**
 * The agreement's text: the template's paragraphs (their placeholders filled) when the seller's template could be
 * read, else the platform's; then the requisites, the chain and the signature lines.
 */
export function agreementText(data: AgreementData, template: string[] | null): AgreementText {
  const values = placeholderValues(data);
  const head = { text: `г. Москва, ${values.date}` };
  const body =
    template === null
      ? standardClauses(data)
      : template.map((paragraph) => ({ text: fillPlaceholders(paragraph, values) }));
  return {
    title: agreementTitle(data.dealId),
    source: template === null ? 'platform' : 'template',
    paragraphs: [head, ...body],
    requisites: [
      { title: 'Цедент (продавец)', lines: requisiteLines(data.seller) },
      { title: 'Цессионарий (покупатель)', lines: requisiteLines(data.buyer) },
    ],
    chain: data.chain
      ? [
          `Сделка открыта записью №${data.chain.seq} журнала аудита ТП №${data.briefcaseId}.`,
          `Хеш записи (SHA-256): ${data.chain.hash}`,
        ]
      : [],
  };
}

/** The signature block of each side: who signs (as the company stores it), a line, and the stamp's place. */
export const signatureLines = (p: AgreementParty) => [
  p.signer ?? 'Уполномоченный представитель',
  '_____________________ / _____________________ /',
  'М. П.',
];

/** The text a signature confirms, one line per paragraph: its SHA-256 is the agreement's `sha256`. */
export function canonicalText(text: AgreementText, data: AgreementData): string {
  return [
    text.title,
    ...text.paragraphs.map((p) => p.text),
    ...text.requisites.flatMap((r) => [r.title, ...r.lines]),
    ...text.chain,
    ...signatureLines(data.seller),
    ...signatureLines(data.buyer),
  ].join('\n');
}
