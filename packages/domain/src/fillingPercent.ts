/**
 * The colour of a procedure's filling-percentage badge (spec 2 §2, §9): over 89 purple, over 79 blue, else amber.
 */

export type FillingColor = 'purple' | 'blue' | 'amber';

const FILLING_PURPLE_ABOVE = 89;
const FILLING_BLUE_ABOVE = 79;

export function fillingPercentColor(fillingPercent: number): FillingColor {
  if (fillingPercent > FILLING_PURPLE_ABOVE) return 'purple';
  if (fillingPercent > FILLING_BLUE_ABOVE) return 'blue';
  return 'amber';
}
