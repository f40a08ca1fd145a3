import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyTextBuffer, escapeCopyText } from './copy.ts';

type Field = { int: number | null } | { text: string | null; repeats: boolean };

/** The COPY text format written the plain way: fields joined by tabs, rows by newlines. */
const expected = (rows: Field[][]) =>
  rows
    .map(
      (row) =>
        `${row
          .map((f) =>
            'int' in f
              ? f.int === null
                ? '\\N'
                : String(f.int)
              : f.text === null
                ? '\\N'
                : escapeCopyText(f.text),
          )
          .join('\t')}\n`,
    )
    .join('');

const field: fc.Arbitrary<Field> = fc.oneof(
  fc.record({ int: fc.oneof(fc.constant(null), fc.integer(), fc.maxSafeInteger(), fc.constant(-0)) }),
  fc.record({
    text: fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.constantFrom('Потребительский кредит', 'a\\b', 'tab\there', 'line\nbreak\r', 'КД-1\\2\t', '', '\\N'),
    ),
    repeats: fc.boolean(),
  }),
);

describe('CopyTextBuffer', () => {
  it('writes what the plain formatting writes, for any fields, repeated texts and buffer growth', () => {
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 8 }), { maxLength: 30 }), (rows) => {
        const buffer = new CopyTextBuffer(8);
        for (const row of rows) {
          for (const f of row) {
            if ('int' in f) buffer.int(f.int);
            else buffer.text(f.text, f.repeats);
          }
          buffer.endRow();
        }
        expect(buffer.take().toString('utf8')).toBe(expected(rows));
        // Empty again, the repeated texts still known.
        buffer.text('Потребительский кредит', true);
        buffer.endRow();
        expect(buffer.take().toString('utf8')).toBe('Потребительский кредит\n');
      }),
    );
  });
});
