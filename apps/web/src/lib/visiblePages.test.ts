import { describe, expect, it } from 'vitest';
import { visiblePages } from './visiblePages.ts';

describe('visiblePages', () => {
  it('shows six pages around the current one', () => {
    expect(visiblePages(10, 20)).toEqual([8, 9, 10, 11, 12, 13]);
  });
  it('never runs before the first or past the last page', () => {
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(visiblePages(20, 20)).toEqual([15, 16, 17, 18, 19, 20]);
  });
  it('shows every page when there are fewer than six', () => {
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(1, 0)).toEqual([]);
  });
});
