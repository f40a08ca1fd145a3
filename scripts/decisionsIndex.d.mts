/** Types of scripts/decisionsIndex.mjs for the test that checks docs/decisions/README.md. */
export declare const DECISIONS_DIR: string;
export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  area: string;
  change?: { kind: 'replaced' | 'revised'; by: string[] };
}
export declare function readDecisions(dir?: string): DecisionRecord[];
export declare function renderDecisionsIndex(records: DecisionRecord[]): string;
export declare function decisionsIndex(dir?: string): string;
