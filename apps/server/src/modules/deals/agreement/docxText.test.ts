/** The seller's .docx template read as hostile (decisions/0263): text kept, bombs and junk refused, never thrown. */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { docxParagraphs } from './docxText.ts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

async function docx(documentXml: string | Uint8Array): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('word/document.xml', documentXml);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('docx template text', () => {
  it('keeps each paragraph’s runs, a run’s tab and break, and decodes entities; a tab stop is not a tab', async () => {
    const xml = `<w:document ${W}><w:body>
      <w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>
        <w:r><w:t>Цена </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">{{pri</w:t></w:r><w:r><w:t>ce}}</w:t></w:r></w:p>
      <w:p/>
      <w:p><w:r><w:t>А</w:t><w:tab/><w:t>Б</w:t><w:br/><w:t>&lt;В&gt; &amp; &#1043; &#x414;</w:t></w:r></w:p>
      <w:tbl><w:tr><w:tc><w:p><w:r><w:t>В таблице</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
    </w:body></w:document>`;
    expect(await docxParagraphs(await docx(xml))).toEqual({
      ok: true,
      paragraphs: ['Цена {{price}}', 'А\tБ\n<В> & Г Д', 'В таблице'],
    });
  });

  it('refuses a zip bomb, junk, a zip without the document part and a document without text', async () => {
    // 80 MB of zeros inflate from a few kilobytes: past the 64 MB the template may unpack to.
    const bomb = await docx(new Uint8Array(80 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await docxParagraphs(bomb)).toEqual({ ok: false, problem: 'zip too_large' });
    expect(await docxParagraphs(new TextEncoder().encode('PK\u0003\u0004 junk'))).toMatchObject({
      ok: false,
    });
    const other = new JSZip();
    other.file('xl/workbook.xml', '<workbook/>');
    expect(await docxParagraphs(await other.generateAsync({ type: 'uint8array' }))).toEqual({
      ok: false,
      problem: 'no word/document.xml',
    });
    expect(await docxParagraphs(await docx(`<w:document ${W}><w:body><w:p/></w:body></w:document>`))).toEqual(
      {
        ok: false,
        problem: 'no text',
      },
    );
  });
});
