/**
 * companies_info as Excel reads it (decisions/0122): UTF-8 with a BOM, ';' separators, CRLF lines, a field holding a
 * separator, a quote or a line break quoted, and a name typed by a user that starts like a formula kept as text.
 */
import { describe, expect, it } from 'vitest';
import type { CompanyInfoRow } from '../reports.queries.ts';
import { companiesCsv } from './reportFiles.ts';

const row = (over: Partial<CompanyInfoRow>): CompanyInfoRow => ({
  name: 'ООО «Покупатель»',
  fullName: 'Общество с ограниченной ответственностью «Покупатель»',
  inn: '7707083893',
  kind: 'legal',
  invited: false,
  excluded: false,
  bids: 0,
  lotsWithBids: 0,
  lotsWon: 0,
  ...over,
});

const linesOf = (csv: string) => csv.slice(1).split('\r\n');
const innOf = (csv: string) => linesOf(csv)[1]!.split(';')[2];

describe('companies_info csv', () => {
  it('starts with the BOM, ends every line with CRLF and names each company’s role', () => {
    const csv = companiesCsv([
      row({ bids: 3, lotsWithBids: 2, lotsWon: 1 }),
      row({ name: 'АО «Приглашённый»', kind: 'bank', invited: true }),
      row({ name: 'ИП Иванов', kind: 'self', inn: null, excluded: true }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toContain('\n');
    expect(linesOf(csv)).toEqual([
      'Компания;Полное наименование;ИНН;Тип;Роль в процедуре;Ставок;Лотов со ставками;Выиграно лотов',
      'ООО «Покупатель»;Общество с ограниченной ответственностью «Покупатель»;"=""7707083893""";Юридическое лицо;Участник;3;2;1',
      'АО «Приглашённый»;Общество с ограниченной ответственностью «Покупатель»;"=""7707083893""";Банк;Приглашена;0;0;0',
      'ИП Иванов;Общество с ограниченной ответственностью «Покупатель»;;Индивидуальный предприниматель;Не допущена;0;0;0',
      '',
    ]);
  });

  it('quotes a field with a separator, a quote or a line break, doubling its quotes', () => {
    const [, first] = linesOf(
      companiesCsv([row({ name: 'ООО "Альфа; Бета"', fullName: 'Первая строка\r\nвторая строка' })]),
    );
    expect(first).toBe('"ООО ""Альфа; Бета""";"Первая строка');
    expect(companiesCsv([row({ fullName: 'Первая строка\r\nвторая строка' })])).toContain(
      '"Первая строка\r\nвторая строка"',
    );
  });

  it('writes an INN as the formula of its text, so Excel keeps its leading zeros and all its digits', () => {
    expect(innOf(companiesCsv([row({ inn: '012345678901' })]))).toBe('"=""012345678901"""');
    // Only digits are written so: anything else is a plain field, defused like any text.
    expect(innOf(companiesCsv([row({ inn: '=1+1' })]))).toBe("'=1+1");
  });

  it('keeps a name starting with =, +, - or @ as text for Excel (CSV injection)', () => {
    const csv = companiesCsv([
      row({ name: '=HYPERLINK("http://evil.example","Жми")' }),
      row({ name: '+7 Компания' }),
      row({ name: '-1+1' }),
      row({ name: '@SUM(A1)' }),
    ]);
    const names = linesOf(csv)
      .slice(1, 5)
      .map((line) => line.split(';')[0]);
    expect(names).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""Жми"")"`,
      "'+7 Компания",
      "'-1+1",
      "'@SUM(A1)",
    ]);
  });
});
