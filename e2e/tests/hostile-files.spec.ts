/**
 * Hostile files as a seller meets them (issue 21): in the wizard's step 2 the seller uploads a password-protected
 * workbook and an empty file, reads why each is refused, then a registry behind a hidden sheet and a title, which
 * is read, with notes saying which sheet and row it was read from. Axe on each state; screenshots at 1440 and 390.
 */
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { buildXlsx } from '@etp/xlsx/testing';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { debt } from './support/registry.ts';
import { screenshots } from './support/screenshots.ts';
import { signIn } from './support/signIn.ts';

/** The shared machine is slow under load: screens get 30 s to appear. */
const expect = baseExpect.configure({ timeout: 30_000 });
const SELLER = 'seller.bank@etp-rd.ru';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook saved with a password: an OLE2 compound file with an EncryptionInfo stream. */
function protectedWorkbook(): Buffer {
  const ole = Buffer.alloc(8192);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole);
  Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 2048);
  return ole;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const cell = (column: number, row: number, value: string | number) => {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return typeof value === 'number'
    ? `<c r="${letters}${row}"><v>${value}</v></c>`
    : `<c r="${letters}${row}" t="inlineStr"><is><t>${xmlText(value)}</t></is></c>`;
};
const rowXml = (row: number, values: (string | number)[]) =>
  `<row r="${row}">${values.map((v, i) => cell(i, row, v)).join('')}</row>`;

/**
 * A registry on the visible sheet «Реестр», under two title rows, behind a hidden sheet «Служебный» that holds
 * other numbers: what the seller sees is what is read, and the answer says so.
 */
function registryBehindHiddenSheet(): Buffer {
  const keys = REGISTRY_ATTRIBUTES.map((a) => a.value as string);
  const rows = [
    rowXml(1, ['Реестр задолженности']),
    rowXml(2, ['Цедент: АО «Банк»']),
    rowXml(
      3,
      REGISTRY_ATTRIBUTES.map((a) => a.text),
    ),
    ...Array.from({ length: 12 }, (_, i) => {
      const d = debt(i + 1, { contract_id: `ХФ-${i + 1}` });
      return rowXml(
        i + 4,
        keys.map((k) => d[k] ?? ''),
      );
    }),
  ].join('');
  return buildXlsx({
    sheet: rowXml(1, ['Служебные данные', 999]),
    extra: [
      {
        name: 'xl/workbook.xml',
        data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="Служебный" sheetId="1" state="hidden" r:id="rId1"/><sheet name="Реестр" sheetId="2" r:id="rId9"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
      },
      {
        name: 'xl/worksheets/sheet2.xml',
        data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
      },
    ],
  });
}

/** The seller signed in on step 2 of a new procedure: the registry's file input. */
async function registryUpload(page: Page) {
  await signIn(page, SELLER);
  // The cookie notice would cover the messages in the phone screenshots.
  await page.getByRole('button', { name: 'Принять' }).click();
  await page.goto('/briefcases/new');
  await page.getByRole('button', { name: 'Далее' }).click();
  return page.getByTestId('registry-input');
}

test('a seller uploads bad files in the wizard and reads why each is refused, or where it was read from', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const input = await registryUpload(page);

  // A workbook with a password: the message says so and what to do.
  await input.setInputFiles({
    name: 'реестр с паролем.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: protectedWorkbook(),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'реестр с паролем.xlsx' });
  await expect(alert).toContainText('Ошибка обработки файла');
  await expect(alert).toContainText(
    'Файл защищён паролем: снимите пароль в MS Excel (Файл → Сведения → Защитить книгу) и загрузите файл снова',
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'hostile-files-protected');

  // An empty file: not "choose a file", but that this one is empty.
  await input.setInputFiles({
    name: 'пустой.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.alloc(0),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'пустой.xlsx' })).toContainText(
    'Файл «пустой.xlsx» пустой (0 байт): выберите файл реестра с данными',
  );
  await expectNoSeriousAxeViolations(page);

  // The registry behind a hidden sheet and under a title: read, and the seller is told from where.
  await input.setInputFiles({
    name: 'реестр со скрытым листом.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: registryBehindHiddenSheet(),
  });
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/);
  const notes = page.getByTestId('upload-warnings');
  await expect(notes).toContainText('Скрытый лист «Служебный» не прочитан: читаются только видимые листы');
  await expect(notes).toContainText(
    'Заголовки найдены в строке 3 листа «Реестр»: строки выше них не прочитаны',
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'hostile-files-notes');
});

/** The template's layout with columns left out and columns of the seller's own added (issue 29). */
function templateWith(options: { without?: string; extra?: string[] }): Buffer {
  const attributes = REGISTRY_ATTRIBUTES.filter((a) => a.value !== options.without);
  const extra = options.extra ?? [];
  const rows = [
    rowXml(1, [...attributes.map((a) => a.text), ...extra]),
    ...Array.from({ length: 6 }, (_, i) => {
      const d = debt(i + 1, { contract_id: `ДК-${i + 1}` });
      return rowXml(i + 2, [
        ...attributes.map((a) => d[a.value] ?? ''),
        ...extra.map(() => `заметка ${i + 1}`),
      ]);
    }),
  ].join('');
  return buildXlsx({ sheet: rows });
}

test('a seller uploads the template without a required column, then with a column of their own', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const input = await registryUpload(page);

  // No «Код региона»: refused, the column named, and no procedure made (the address stays /briefcases/new).
  await input.setInputFiles({
    name: 'реестр без региона.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: templateWith({ without: 'region_code' }),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'реестр без региона.xlsx' });
  await expect(alert).toContainText('Ошибка обработки файла');
  await expect(alert).toContainText(
    'В файле нет обязательного столбца шаблона «Код региона»: добавьте его с заголовком, как в шаблоне ЭТП РД',
  );
  await expect(page).toHaveURL(/\/briefcases\/new$/);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'registry-missing-column');

  // The whole template and a comment of the seller's: read, the comment named as not loaded.
  await input.setInputFiles({
    name: 'реестр с комментарием.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: templateWith({ extra: ['Комментарий'] }),
  });
  await expect(page.getByText('Файл загружен')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/briefcases\/new\/\d+$/);
  await expect(page.getByTestId('upload-warnings')).toContainText(
    'Столбец не из шаблона не загружается: «Комментарий» (AJ)',
  );
  await expect(page.getByRole('tab', { name: 'Загрузить шаблон ЭТП РД' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'registry-extra-column');
});
