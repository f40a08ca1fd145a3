/** Russian texts of saving a procedure and sending it for approval (spec 1 §2, §4; decisions/0080). */
export const WIZARD_MESSAGES = {
  saved: 'Изменения сохранены',
  applied: 'Торговая процедура отправлена на согласование',
  alreadyApproved: 'Процедура уже согласована, невозможно изменить',
  notEditable: 'Торговую процедуру в этом статусе изменить нельзя',
  activeLocked: 'У идущей процедуры нельзя изменить дату начала и шаг',
  activeLotsLocked: 'У идущей процедуры нельзя изменить состав лотов',
  adminOnlyField: 'Эту настройку меняет только администратор',
  typeLocked: 'Тип торгов можно сменить только до согласования',
  notCreated: 'Отправить на согласование можно только созданную процедуру',
  fixErrors: 'Исправьте ошибки в настройках процедуры',
  companyUnknown: 'Организация не найдена',
  fieldTwice: 'Поле передано дважды с разными значениями',
  idMismatch: 'briefcase_id не совпадает с процедурой в адресе запроса',
} as const;

/** Refusals of the step-3 documents (spec 1 §5, §8 give the format and size texts, in packages/domain). */
export const WIZARD_DOCUMENT_TEXTS = {
  fileRequired: 'Выберите файл',
  broken: 'Файл повреждён: откройте его, сохраните заново и загрузите снова',
  unpackedTooLarge: 'Архив после распаковки больше 256 МБ: разделите его на части и загрузите снова',
  deleted: 'Документ удалён',
  uploaded: 'Документ загружен',
} as const;
