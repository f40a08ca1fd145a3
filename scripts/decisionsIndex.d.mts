/** Types of scripts/decisionsIndex.mjs for the test that checks docs/decisions/README.md. */
export declare const DECISIONS_DIR: string;
export declare function decisionsIndex(dir?: string): string;
