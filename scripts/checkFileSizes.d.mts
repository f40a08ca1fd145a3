/** Types of scripts/checkFileSizes.mjs for apps/server/test/fileSizes.test.ts. */
export interface OversizedFile {
  /** The file, relative to the checked root, with `/`. */
  path: string;
  lines: number;
  /** MAX_LINES, or the file's ceiling in the allow-list. */
  limit: number;
}
export declare const MAX_LINES: number;
export declare function lineCount(text: string): number;
export declare function checkFileSizes(
  root?: string,
  options?: { maxLines?: number; allowed?: Record<string, number> },
): OversizedFile[];
