import { describe, expect, it } from 'vitest';
import { detectFileFormat } from './files.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectFileFormat', () => {
  it('recognises images by their signatures', () => {
    expect(detectFileFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectFileFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectFileFormat(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
  });

  it('recognises PDF, RTF and Office files, whatever their names say', () => {
    expect(detectFileFormat(bytes('%PDF-1.7\n'), 'scan.png')).toBe('pdf');
    expect(detectFileFormat(bytes('{\\rtf1'))).toBe('rtf');
    expect(detectFileFormat(bytes([0x50, 0x4b, 3, 4], '....word/document.xml'))).toBe('docx');
    expect(detectFileFormat(bytes([0x50, 0x4b, 3, 4], '....xl/workbook.xml'))).toBe('xlsx');
    const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    expect(detectFileFormat(bytes(ole), 'Устав.DOC')).toBe('doc');
    expect(detectFileFormat(bytes(ole), 'book.xls')).toBe('xls');
  });

  it('refuses anything else: scripts, executables, bare archives, a renamed text', () => {
    expect(detectFileFormat(bytes('<svg onload=alert(1)>'), 'logo.svg')).toBeNull();
    expect(detectFileFormat(bytes('MZ', [0x90, 0]), 'setup.pdf')).toBeNull();
    expect(detectFileFormat(bytes([0x50, 0x4b, 3, 4], 'evil.sh'), 'archive.docx')).toBeNull();
    expect(detectFileFormat(bytes('hello'), 'note.png')).toBeNull();
    expect(detectFileFormat(new Uint8Array())).toBeNull();
  });
});
