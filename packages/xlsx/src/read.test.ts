import { describe, expect, it } from 'vitest';
import { type Cell, type ReadOptions, readFirstSheet, XlsxError } from './index.ts';
import { fileOf, readAll } from './testFiles.ts';
import { buildXlsx, rowXml, stylesXml, type XlsxParts } from './testing.ts';

const readParts = (parts: XlsxParts, options?: ReadOptions) => readAll(fileOf(buildXlsx(parts)), options);

describe('values', () => {
  it('reads every cell type', async () => {
    const sheet = [
      '<row r="1">',
      '<c r="A1" t="s"><v>0</v></c>',
      '<c r="B1" t="inlineStr"><is><t>встроенная</t></is></c>',
      '<c r="C1"><v>42</v></c>',
      '<c r="D1" t="n"><v>-1234.5</v></c>',
      '<c r="E1"><v>1.5E-3</v></c>',
      '<c r="F1" t="b"><v>1</v></c>',
      '<c r="G1" t="b"><v>0</v></c>',
      '<c r="H1" t="e"><v>#N/A</v></c>',
      '<c r="I1" t="str"><v>результат</v></c>',
      '<c r="J1" t="d"><v>2024-03-05T00:00:00Z</v></c>',
      '<c r="K1" t="d"><v>2024-03-05T10:20:30</v></c>',
      '<c r="L1"><v>0.1</v></c>',
      '<c r="M1"><v>12345678901234567</v></c>',
      '</row>',
    ].join('');
    const { rows, result } = await readParts({ sheet, sharedStrings: ['общая'] });
    expect(rows).toEqual([
      [
        1,
        [
          'общая',
          'встроенная',
          42,
          -1234.5,
          0.0015,
          true,
          false,
          '#N/A',
          'результат',
          '2024-03-05',
          '2024-03-05T10:20:30',
          0.1,
          Number('12345678901234567'),
        ],
      ],
    ]);
    expect(result).toEqual({ rows: 1, columns: 13, formulasWithoutValue: 0, hiddenSheetsSkipped: 0 });
  });

  it('parses decimals exactly like Number()', async () => {
    const values = [
      '0.1',
      '0.7',
      '1234567.89',
      '-0.30000000000000004',
      '999999999999999',
      '3.14159265358979',
      '1e21',
    ];
    const sheet = `<row r="1">${values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}1"><v>${v}</v></c>`).join('')}</row>`;
    const { rows } = await readParts({ sheet });
    expect(rows[0]![1]).toEqual(values.map(Number));
  });

  it('resolves entities, character references and _xHHHH_ escapes', async () => {
    const sheet =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>&amp;&lt;&gt;&quot;&apos; &#1044;&#x416; &#128512;</t></is></c>' +
      '<c r="B1" t="str"><v>a_x000D_b</v></c><c r="C1" t="inlineStr"><is><t>under_score</t></is></c></row>';
    const { rows } = await readParts({ sheet });
    expect(rows[0]![1]).toEqual([`&<>"' ДЖ 😀`, 'a\rb', 'under_score']);
  });

  it('concatenates rich-text runs and leaves phonetic runs out (shared and inline)', async () => {
    const sst = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><rPr><b/></rPr><t>жир</t></r><r><t xml:space="preserve">ный </t></r><rPh sb="0" eb="1"><t>ФОНЕТИКА</t></rPh></si><si><t/></si><si/><si><t>&amp;третья</t></si></sst>`;
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>3</v></c>' +
      '<c r="D1" t="inlineStr"><is><r><t>раз</t></r><r><t>два</t></r><rPh><t>x</t></rPh></is></c></row>';
    const { rows } = await readParts({ sheet, sharedStrings: sst });
    expect(rows[0]![1]).toEqual(['жирный ', '', '&третья', 'раздва']);
  });

  it('gives formulas their cached value and counts those without one', async () => {
    const sheet =
      '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c><c r="B1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>' +
      '<c r="C1"><f>A1*2</f></c><c r="D1"><f t="shared" ref="D1:D2" si="0"/><v></v></c><c r="E1"><f>1</f><v>1</v></c></row>';
    const { rows, result } = await readParts({ sheet });
    expect(rows[0]![1]).toEqual([2, 'ab', null, null, 1]);
    expect(result.formulasWithoutValue).toBe(2);
  });

  it('places sparse cells by their reference and fills gaps with null', async () => {
    const sheet =
      '<row r="2"><c r="C2"><v>3</v></c><c r="AA2"><v>27</v></c></row><row r="7"><c r="B7"><v>1</v></c></row>';
    const { rows, result } = await readParts({ sheet });
    const second: Cell[] = new Array(27).fill(null);
    second[2] = 3;
    second[26] = 27;
    expect(rows).toEqual([
      [2, second],
      [7, [null, 1]],
    ]);
    expect(result.columns).toBe(27);
  });

  it('numbers rows and cells without r attributes by position, attributes in any order', async () => {
    const sheet =
      '<row><c t="s" s="0"><v>0</v></c><c><v>2</v></c></row><row spans="1:2"><c s="0" t="inlineStr" r="B2"><is><t>b</t></is></c></row>' +
      '<row ht="15" r="5" customHeight="1"><c t="n" s="0"><v>5</v></c></row><row><c><v>6</v></c></row>';
    const { rows } = await readParts({ sheet, sharedStrings: ['a'] });
    expect(rows).toEqual([
      [1, ['a', 2]],
      [2, [null, 'b']],
      [5, [5]],
      [6, [6]],
    ]);
  });

  it('does not report rows without any value', async () => {
    const sheet =
      '<row r="1"><c r="A1"><v>1</v></c></row><row r="2" s="3" customFormat="1"/><row r="3"><c r="A3" s="1"/><c r="B3"/></row>' +
      '<row r="4"><c r="A4"><v>4</v></c></row>';
    const { rows, result } = await readParts({ sheet, styles: stylesXml([0, 0]) });
    expect(rows.map(([n]) => n)).toEqual([1, 4]);
    expect(result.rows).toBe(2);
  });

  it('reuses the row array between calls', async () => {
    const sheet =
      '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row><row r="2"><c r="A2"><v>3</v></c></row>';
    const arrays: Cell[][] = [];
    const copies: Cell[][] = [];
    await readFirstSheet(fileOf(buildXlsx({ sheet })), (cells) => {
      arrays.push(cells);
      copies.push([...cells]);
    });
    expect(arrays[0]).toBe(arrays[1]);
    expect(copies).toEqual([[1, 2], [3]]);
  });
});

describe('dates', () => {
  const styles = stylesXml([0, 14, 22, 164, 165, 166, 167, 2], {
    164: 'dd/mm/yyyy;@',
    165: '"Сумма: "0.00',
    166: '[$-419]d mmmm yyyy',
    167: '#,##0.00\\ "р."',
  });

  it('converts serials with built-in and custom date formats, and only those', async () => {
    const sheet =
      '<row r="1"><c r="A1" s="1"><v>45306</v></c><c r="B1" s="2"><v>45306.5</v></c><c r="C1" s="3"><v>1</v></c>' +
      '<c r="D1" s="4"><v>45306</v></c><c r="E1" s="5"><v>60</v></c><c r="F1" s="6"><v>45306</v></c>' +
      '<c r="G1" s="7"><v>45306</v></c><c r="H1" s="1"><v>61</v></c><c r="I1" s="1"><v>59</v></c>' +
      '<c r="J1" s="2"><v>45306.999999</v></c><c r="K1" s="1"><v>-1</v></c></row>';
    const { rows } = await readParts({ sheet, styles });
    expect(rows[0]![1]).toEqual([
      '2024-01-15',
      '2024-01-15T12:00:00',
      '1900-01-01',
      45306,
      '1900-02-29',
      45306,
      45306,
      '1900-03-01',
      '1900-02-28',
      '2024-01-16',
      -1,
    ]);
  });

  it('counts from 1904-01-01 in a date1904 workbook', async () => {
    const sheet = '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="1"><v>43844</v></c></row>';
    const { rows } = await readParts({ sheet, styles, date1904: true });
    expect(rows[0]![1]).toEqual(['1904-01-01', '2024-01-15']);
  });
});

describe('chunk boundaries', () => {
  it('gives the same rows whatever the chunk size', async () => {
    const lines: string[] = [];
    for (let r = 1; r <= 60; r++) {
      lines.push(
        rowXml(r, [`КД-${r} &<>`, r * 1.25, r % 2 === 0, null, `строка ${'ж'.repeat(r)}`]).replace(
          '</row>',
          `<c r="F${r}" s="1"><v>${45000 + r}</v></c><c r="G${r}"><f>1+1</f><v>2</v></c><c r="H${r}" t="s"><v>${r % 3}</v></c></row>`,
        ),
      );
    }
    const path = fileOf(
      buildXlsx({
        sheet: `<!-- комментарий с <row> внутри -->${lines.join('\n')}`,
        styles: stylesXml([0, 14]),
        sharedStrings: ['а', 'б', 'в'],
      }),
    );
    const whole = await readAll(path);
    expect(whole.rows).toHaveLength(60);
    expect(whole.rows[59]![1]).toEqual([
      'КД-60 &<>',
      75,
      true,
      null,
      `строка ${'ж'.repeat(60)}`,
      '2023-05-14',
      2,
      'а',
    ]);
    for (const chunkSize of [64, 97, 1000]) {
      expect(await readAll(path, { chunkSize })).toEqual(whole);
    }
  });

  it('gives the same rows for a stored (uncompressed) sheet', async () => {
    const sheet = rowXml(1, ['a', 1]) + rowXml(2, ['b', 2]);
    const deflated = await readParts({ sheet });
    const stored = await readParts({ sheet, method: 'store' }, { chunkSize: 64 });
    expect(stored).toEqual(deflated);
  });
});

describe('limits', () => {
  it('accepts a cell at XFD1048576 as the last cell', async () => {
    const sheet = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>';
    const { rows } = await readParts({ sheet });
    expect(rows[0]![0]).toBe(1048576);
    expect(rows[0]![1]).toHaveLength(16384);
    expect(rows[0]![1][16383]).toBe(1);
  });

  it.each([
    ['a column past XFD', '<row r="1"><c r="XFE1"><v>1</v></c></row>'],
    ['a four-letter column', '<row r="1"><c r="AAAA1"><v>1</v></c></row>'],
    ['a row past 1048576', '<row r="1048577"><c r="A1048577"><v>1</v></c></row>'],
    ['a shared string that does not exist', '<row r="1"><c r="A1" t="s"><v>5</v></c></row>'],
    ['a row left open', '<row r="1"><c r="A1"><v>1</v></c>'],
  ])('refuses %s as corrupt', async (_, sheet) => {
    await expect(readParts({ sheet, sharedStrings: ['a'] })).rejects.toMatchObject({
      code: 'corrupt',
      message: 'Файл повреждён или загружен не полностью',
    });
  });

  it('refuses a row wider than maxColumns before allocating it', async () => {
    const sheet = `<row r="1">${'<c><v>1</v></c>'.repeat(30)}</row>`;
    await expect(readParts({ sheet }, { maxColumns: 20 })).rejects.toMatchObject({
      code: 'too_many_columns',
    });
    await expect(
      readParts({ sheet: '<row r="1"><c r="Z1"><v>1</v></c></row>' }, { maxColumns: 20 }),
    ).rejects.toMatchObject({ code: 'too_many_columns' });
  });

  it('ignores styled empty cells past maxColumns', async () => {
    const sheet = '<row r="1"><c r="A1"><v>1</v></c><c r="Z1" s="1"/><c r="AMJ1" s="1"></c></row>';
    const { rows, result } = await readParts({ sheet }, { maxColumns: 20 });
    expect(rows).toEqual([[1, [1]]]);
    expect(result.columns).toBe(1);
  });

  it('refuses a one-million-column row', async () => {
    const sheet = `<row r="1">${'<c/>'.repeat(1_000_000)}</row>`;
    const started = performance.now();
    await expect(readParts({ sheet })).rejects.toMatchObject({
      code: 'too_many_columns',
      message: 'Слишком много столбцов в реестре',
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses more rows than maxRows', async () => {
    const sheet = [1, 2, 3].map((r) => rowXml(r, [r])).join('');
    await expect(readParts({ sheet }, { maxRows: 2 })).rejects.toMatchObject({ code: 'too_many_rows' });
    expect((await readParts({ sheet }, { maxRows: 3 })).result.rows).toBe(3);
  });
});

describe('progress and cancellation', () => {
  it('reports progress up to 1', async () => {
    const sheet = Array.from({ length: 2000 }, (_, i) => rowXml(i + 1, [`строка ${i}`, i])).join('');
    const fractions: number[] = [];
    await readParts({ sheet }, { onProgress: (f) => fractions.push(f), chunkSize: 1024 });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]!))).toBe(true);
  });

  it('stops when the signal is aborted', async () => {
    const sheet = Array.from({ length: 5000 }, (_, i) => rowXml(i + 1, [`строка ${i}`, i])).join('');
    const controller = new AbortController();
    let seen = 0;
    const reading = readFirstSheet(
      fileOf(buildXlsx({ sheet })),
      () => {
        if (++seen === 10) controller.abort(new Error('остановлено'));
      },
      { signal: controller.signal, chunkSize: 256 },
    );
    await expect(reading).rejects.toThrow('остановлено');
    expect(seen).toBeLessThan(5000);
  });

  it('pauses while the consumer says it is behind, then reads on to the end', async () => {
    const sheet = Array.from({ length: 3000 }, (_, i) => rowXml(i + 1, [`строка ${i}`, i])).join('');
    let seen = 0;
    let release: (() => void) | null = null;
    let seenAtPause = -1;
    const reading = readFirstSheet(
      fileOf(buildXlsx({ sheet })),
      () => {
        seen += 1;
      },
      {
        chunkSize: 512,
        backpressure: () => {
          if (seenAtPause >= 0 || seen < 100) return undefined;
          seenAtPause = seen;
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      },
    );
    // On a loaded machine the first hundred rows may take a while: wait for the pause, then watch it hold.
    for (let waited = 0; seenAtPause < 0 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Paused: not a row more until the consumer catches up.
    expect(seenAtPause).toBeGreaterThan(0);
    expect(seen).toBe(seenAtPause);
    (release as unknown as () => void)();
    expect((await reading).rows).toBe(3000);
    expect(seen).toBe(3000);
  });
});

describe('XlsxError', () => {
  it('carries a code and a Russian message', () => {
    const error = new XlsxError('encrypted', 'detail');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('encrypted');
    expect(error.message).toBe(
      'Файл защищён паролем: снимите пароль в MS Excel (Файл → Сведения → Защитить книгу) и загрузите файл снова',
    );
  });
});

describe('cell references', () => {
  it('reads lower-case references and single-quoted or spaced attributes', async () => {
    const sheet = `<row r="1"><c r="ab1"><v>1</v></c><c r='AC1' t = 'inlineStr' ><is><t>x</t></is></c></row>`;
    const { rows } = await readParts({ sheet });
    const expected: Cell[] = new Array(29).fill(null);
    expected[27] = 1;
    expected[28] = 'x';
    expect(rows).toEqual([[1, expected]]);
  });
});
