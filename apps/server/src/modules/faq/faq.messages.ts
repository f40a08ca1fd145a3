/** Russian texts of the FAQ calls' refusals (decisions/0115); the tab's own texts are FAQ_MESSAGES (contracts). */
export const FAQ_TEXTS = {
  questionNotFound: 'Вопрос не найден',
  ownerCannotAsk: 'Организатор не задаёт вопросы по своей торговой процедуре',
  askClosed: 'Задать вопрос можно, пока торговая процедура согласована или идут торги',
  adminOnly: 'Добавлять, изменять, удалять и публиковать вопросы может только администратор',
  documentTooLarge: 'Размер документа не должен превышать 30 МБ',
  documentFormat: 'Документ должен быть в формате PDF, JPEG, PNG, DOC, DOCX, XLS, XLSX, ODT или RTF',
  documentBroken: 'Документ повреждён: откройте его, сохраните заново и загрузите снова',
  documentUnpackedTooLarge: 'Документ после распаковки больше 256 МБ: сохраните его в PDF и загрузите снова',
  documentNotFound: 'Документ не найден',
} as const;
