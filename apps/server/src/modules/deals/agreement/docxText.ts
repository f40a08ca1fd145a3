/**
 * The paragraphs of a seller's .docx agreement template (decisions/0263), read in a file worker and treated as
 * hostile: the archive is inspected under zip limits before jszip inflates anything, word/document.xml is bounded,
 * and only the text of w:p/w:t (with tabs and line breaks) is kept. Anything wrong is a `problem`, never a throw:
 * the agreement then uses the platform's text.
 */
import JSZip from 'jszip';
import { inspectZip } from '../../../http/zipGuard.ts';

/** A template is a few pages of text: far more once unpacked, or far more paragraphs, is not a template. */
const TEMPLATE_LIMITS = {
  maxFileBytes: 30 * 1024 * 1024,
  zip: { maxEntries: 2_000, maxTotalBytes: 64 * 1024 * 1024 },
  maxDocumentXmlBytes: 8 * 1024 * 1024,
  maxParagraphs: 2_000,
  maxTextChars: 200_000,
} as const;

export type DocxText = { ok: true; paragraphs: string[] } | { ok: false; problem: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** The text of each w:p of WordprocessingML: w:t joined, a run's w:tab as a tab, its w:br/w:cr as a line break. */
function paragraphsOfDocumentXml(xml: string): string[] {
  const paragraphs: string[] = [];
  const tag = /<(\/?)w:(p|r|t|tab|br|cr)(?=[\s/>])[^>]*?(\/?)>/g;
  let current: string[] | null = null;
  let textFrom = -1;
  // A w:tab outside a run is a tab stop of the paragraph's properties, not a tab.
  let inRun = false;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const [whole, closing, name, selfClosing] = match;
    if (name === 't') {
      if (closing && textFrom >= 0) current?.push(decodeXml(xml.slice(textFrom, match.index)));
      textFrom = closing || selfClosing ? -1 : match.index + whole.length;
    } else if (name === 'p') {
      if (closing || selfClosing) {
        if (current) paragraphs.push(current.join('').replace(CONTROL, '').trimEnd());
        current = null;
      } else current = [];
    } else if (name === 'r') inRun = !closing && !selfClosing;
    else if (!closing && inRun) current?.push(name === 'tab' ? '\t' : '\n');
  }
  return paragraphs;
}

export async function docxParagraphs(bytes: Uint8Array): Promise<DocxText> {
  if (bytes.byteLength > TEMPLATE_LIMITS.maxFileBytes) return { ok: false, problem: 'file too large' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inspection = inspectZip(buffer, TEMPLATE_LIMITS.zip);
  if (!inspection.ok) return { ok: false, problem: `zip ${inspection.reason}` };
  if (!inspection.names.includes('word/document.xml')) return { ok: false, problem: 'no word/document.xml' };
  try {
    const zip = await JSZip.loadAsync(buffer);
    const entry = zip.file('word/document.xml');
    if (!entry) return { ok: false, problem: 'no word/document.xml' };
    const xml = await entry.async('string');
    if (xml.length > TEMPLATE_LIMITS.maxDocumentXmlBytes)
      return { ok: false, problem: 'document.xml too large' };
    // Empty paragraphs are spacing in Word; the PDF spaces paragraphs itself.
    const paragraphs = paragraphsOfDocumentXml(xml).filter((p) => p.trim() !== '');
    if (paragraphs.length === 0) return { ok: false, problem: 'no text' };
    if (paragraphs.length > TEMPLATE_LIMITS.maxParagraphs)
      return { ok: false, problem: 'too many paragraphs' };
    if (paragraphs.reduce((n, p) => n + p.length, 0) > TEMPLATE_LIMITS.maxTextChars)
      return { ok: false, problem: 'too much text' };
    return { ok: true, paragraphs };
  } catch (error) {
    return { ok: false, problem: `unreadable: ${(error as Error)?.name ?? 'Error'}` };
  }
}
