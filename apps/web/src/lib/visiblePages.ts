/**
 * The page numbers a pager shows: `count` consecutive pages around the current one, shifted so that the window
 * never runs past the first or last page. visiblePages(5, 20) → [3, 4, 5, 6, 7, 8].
 */
export function visiblePages(current: number, total: number, count = 6): number[] {
  if (total <= 0) return [];
  const size = Math.min(count, total);
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
