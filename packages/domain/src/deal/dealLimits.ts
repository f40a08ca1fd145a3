/** The range a seller may give each deal deadline, in working days (decisions/0258). */
export const DEAL_WORKING_DAYS_MIN = 1;
/** About six weeks: a longer wait holds the lot and the other bidders' interest for too long. */
export const DEAL_WORKING_DAYS_MAX = 30;
