/** Russian texts and addresses of the deal's agreement and signed scans (decisions/0263). */

export const dealAgreementUrl = (dealId: number) => `/api/v1/deals/${dealId}/agreement`;
export const dealScanUrl = (dealId: number, side: 'buyer' | 'seller') =>
  `/api/v1/deals/${dealId}/scans/${side}`;

export const AGREEMENT_TEXTS = {
  /** The downloaded file's name. */
  fileName: (dealId: number) => `Договор цессии по сделке №${dealId}.pdf`,
  scanFileName: (dealId: number, side: 'buyer' | 'seller') =>
    `Скан договора по сделке №${dealId} (${side === 'buyer' ? 'покупатель' : 'продавец'}).pdf`,
  scanRequired: 'Приложите скан подписанного договора',
  scanNotPdf: 'Загрузите скан подписанного договора в формате PDF',
  scanNotFound: 'Скан договора не найден',
  signedByScan: 'Договор подписан: скан загружен',
  /** The agreement was made again (a party's requisites changed) after the code was sent. */
  agreementChanged:
    'Текст договора изменился после отправки кода. Ознакомьтесь с договором и запросите новый код',
} as const;
