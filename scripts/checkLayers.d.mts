/** Types of scripts/checkLayers.mjs for apps/server/test/layers.test.ts. */
export interface LayerViolation {
  /** The file, under the checked source folder, with `/`. */
  path: string;
  line: number;
  message: string;
}
export declare function blankComments(text: string): string;
export declare function checkSource(path: string, source: string, srcDir?: string): LayerViolation[];
export declare function checkLayers(srcDir?: string): LayerViolation[];
