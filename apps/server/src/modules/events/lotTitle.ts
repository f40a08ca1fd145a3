/** The lot as events and documents name it: 'Лот №N', or the name the seller gave it (as the web shows it). */
export function lotTitle(lot: { number: number; aliasNumber: string | null }): string {
  const alias = lot.aliasNumber?.trim();
  return !alias || alias === String(lot.number) ? `Лот №${lot.number}` : alias;
}
