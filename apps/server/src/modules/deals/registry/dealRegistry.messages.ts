/** Russian texts of the deal's registry download and of the administrator's closing. */
export const DEAL_REGISTRY_TEXTS = {
  buyerOnly: 'Реестр лота может скачать только покупатель по сделке',
  notYet: 'Реестр лота будет доступен после того, как продавец подтвердит получение оплаты',
  closed: 'Сделка завершена',
  sheetName: 'Реестр',
  /** The file's name, "Реестр Лот №3, сделка №12.xlsx". */
  fileName: (lot: string, dealId: number) => `Реестр ${lot}, сделка №${dealId}.xlsx`,
  /** The line of the seller's download history. */
  historyLine: (dealId: number) => `Реестр лота (сделка №${dealId})`,
} as const;
