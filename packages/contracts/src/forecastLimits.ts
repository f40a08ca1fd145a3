/** How many lots one forecast call takes. Zod-free for the browser (decisions/0145). */
export const MAX_PREDICTION_LOTS = 500;
