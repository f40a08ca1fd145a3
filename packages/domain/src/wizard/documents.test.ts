import { describe, expect, it } from 'vitest';
import { MB } from '../constants.ts';
import { documentFileError, formatRefusal, procedureDocumentFormat } from './documents.ts';

const bytes = (...values: number[]) => Uint8Array.from([...values, ...new Array(32).fill(0)]);
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('procedure documents (spec 1 §5)', () => {
  it('recognises each accepted format by its content, whatever the name says', () => {
    expect(procedureDocumentFormat(ascii('%PDF-1.7 ...'), 'x.bin')).toBe('pdf');
    expect(procedureDocumentFormat(bytes(0xff, 0xd8, 0xff, 0xe0), 'photo.jpeg')).toBe('jpg');
    expect(procedureDocumentFormat(bytes(0x49, 0x49, 0x2a, 0x00), 'scan.tiff')).toBe('tiff');
    expect(procedureDocumentFormat(bytes(0x4d, 0x4d, 0x00, 0x2a), 'scan.tif')).toBe('tiff');
    expect(procedureDocumentFormat(bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), 'a.7z')).toBe('7z');
    expect(procedureDocumentFormat(bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00), 'a.rar')).toBe('rar');
    expect(procedureDocumentFormat(bytes(0x50, 0x4b, 0x03, 0x04), 'a.zip')).toBe('zip');
    expect(
      procedureDocumentFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...ascii('word/document.xml')]), 'a'),
    ).toBe('docx');
    const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    expect(procedureDocumentFormat(ole, 'old.doc')).toBe('doc');
    expect(procedureDocumentFormat(ole, 'old.xls')).toBe('xls');
  });

  it('refuses what is none of them: a renamed script, an html page, webp and rtf', () => {
    expect(procedureDocumentFormat(ascii('MZ\x90\x00'), 'договор.pdf')).toBeNull();
    expect(procedureDocumentFormat(ascii('<html>'), 'договор.docx')).toBeNull();
    expect(procedureDocumentFormat(ascii('{\\rtf1 hello}'), 'a.rtf')).toBeNull();
    expect(
      procedureDocumentFormat(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'a.msg'),
    ).toBeNull();
  });

  it('says the name’s extension in capitals, and the limits in MB', () => {
    expect(formatRefusal('setup.exe')).toBe('Формат файла EXE не поддерживается');
    expect(documentFileError({ name: 'a.exe', size: 10 }, 0)).toBe('Формат файла EXE не поддерживается');
    expect(documentFileError({ name: 'a.PDF', size: 30 * MB }, 0)).toBeNull();
    expect(documentFileError({ name: 'a.pdf', size: 30 * MB + 1 }, 0)).toBe(
      'Максимальный размер файла 30 МБ',
    );
    expect(documentFileError({ name: 'a.pdf', size: 20 * MB }, 81 * MB)).toBe(
      'Превышен размер загружаемых файлов... не должен превышать 100 МБ',
    );
  });
});
