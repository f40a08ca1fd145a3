/**
 * Where a registry's headers are (decisions/0243): the platform template's headers looked for in the first rows with
 * values of a sheet, or the seller's own map taken at the first row. Pure, row by row; the reading is elsewhere
 * (sheetReader.ts).
 */
import {
  type AttributeValue,
  type Cell,
  columnLetter,
  looksLikeTemplate,
  matchTemplateHeaders,
  REGISTRY_ATTRIBUTES,
  type TemplateMatch,
} from '@etp/domain';

/** Rows with values looked through for the template's headers on a sheet (a title above them is common). */
export const HEADER_SEARCH_ROWS = 10;
/** Visible sheets looked through for the template's headers (a registry behind an instructions sheet). */
export const HEADER_SEARCH_SHEETS = 10;

/** A column named in a note to the seller: its header as written and its letter. */
export interface NamedColumn {
  header: string;
  letter: string;
}

/**
 * A header row that is the platform template's with a required column missing or a header repeated
 * (decisions/0243): the file is refused naming them, rather than sent to the column matching.
 */
export interface TemplateNearMiss {
  missing: string[];
  repeated: NamedColumn[];
  extra: NamedColumn[];
}

const toText = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell));

/** A header row's texts, the empty ones at its end left off. */
export function headerTexts(raw: readonly Cell[]): string[] {
  const headers = raw.map(toText);
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  return headers;
}

const named = (raw: readonly Cell[], columns: readonly number[]): NamedColumn[] =>
  columns.map((i) => ({ header: toText(raw[i]).trim(), letter: columnLetter(i) }));

function nearMissOf(raw: readonly Cell[], match: TemplateMatch): TemplateNearMiss {
  return {
    missing: match.missingRequired.map((v) => REGISTRY_ATTRIBUTES.find((a) => a.value === v)?.text ?? v),
    repeated: named(raw, match.repeated),
    extra: named(raw, match.extra),
  };
}

/** What one row told the search: it is the header row, the search goes on, or it has searched its fill. */
export type HeaderSearchStep = 'found' | 'searching' | 'exhausted';

/**
 * The search for one sheet's header row. The rows searched are kept (copies, at most HEADER_SEARCH_ROWS) so that,
 * not found, the first of them is the matching table's header and the next ones its first rows.
 */
export class HeaderSearch {
  /** The header row's texts; null until found or given up on. */
  headers: string[] | null = null;
  /** Column index → attribute: the seller's map (a copy) or the template's. */
  map: (AttributeValue | null)[] | null = null;
  /** The sheet's row number of the headers. */
  headerRow = 0;
  /** Not the template's headers: the first row searched stands as the header of the column matching. */
  mismatch = false;
  /** Columns beyond the template's, not read (their personal data is still looked for). */
  extraColumns: NamedColumn[] = [];
  /** The first searched row that is the template's with something wrong. */
  nearMiss: TemplateNearMiss | null = null;
  private readonly searched: { raw: Cell[]; rowNumber: number }[] = [];

  /** `customMap`: the seller's matching, column index → attribute; absent, the platform template is looked for. */
  constructor(private readonly customMap: readonly (AttributeValue | null)[] | undefined) {}

  /** Rows with values passed over above the headers (a title). */
  get rowsAbove(): number {
    return this.mismatch ? 0 : this.searched.length;
  }

  /** One row while the headers are not known. 'exhausted': HEADER_SEARCH_ROWS rows searched in vain. */
  offer(raw: Cell[], rowNumber: number): HeaderSearchStep {
    if (this.customMap) {
      this.use(raw, rowNumber, this.customMap.slice());
      return 'found';
    }
    const match = matchTemplateHeaders(raw);
    if (match.mismatch) {
      if (this.nearMiss === null && looksLikeTemplate(match)) this.nearMiss = nearMissOf(raw, match);
      this.searched.push({ raw: raw.slice(), rowNumber });
      return this.searched.length >= HEADER_SEARCH_ROWS ? 'exhausted' : 'searching';
    }
    this.use(raw, rowNumber, match.map);
    this.extraColumns = named(raw, match.extra);
    return 'found';
  }

  /**
   * Not found: the first row searched becomes the header (`mismatch`), and the rows searched after it are returned
   * for the preview. Nothing searched (an empty sheet): the headers stay null.
   */
  giveUp(): Cell[][] {
    const [first, ...rest] = this.searched;
    if (!first) return [];
    this.use(first.raw, first.rowNumber, matchTemplateHeaders(first.raw).map);
    this.mismatch = true;
    return rest.map((row) => row.raw);
  }

  private use(raw: Cell[], rowNumber: number, map: (AttributeValue | null)[]): void {
    this.headers = headerTexts(raw);
    this.headerRow = rowNumber;
    this.map = map;
  }
}

/** Whether one row is the template's headers ('found'), the template's with something wrong, or neither (null). */
export function templateHeadersOf(raw: readonly Cell[]): 'found' | TemplateNearMiss | null {
  const match = matchTemplateHeaders(raw);
  if (!match.mismatch) return 'found';
  return looksLikeTemplate(match) ? nearMissOf(raw, match) : null;
}
