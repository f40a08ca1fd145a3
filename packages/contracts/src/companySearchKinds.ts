/** The company-kind chips of the organisation filter (spec 2 §2): pko is a legal entity with OKVED 82.91. Zod-free for the browser (decisions/0145). */
export const COMPANY_SEARCH_KINDS = ['all', 'bank', 'mfo', 'pko', 'legal'] as const;
