import { describe, expect, it } from 'vitest';
import { RECOMMENDED_ATTRIBUTES, REQUIRED_ATTRIBUTES } from './attributes.ts';
import { matchingProgress } from './matching.ts';

describe('matchingProgress', () => {
  it('an empty map leaves every required and recommended attribute', () => {
    const p = matchingProgress([null, null]);
    expect(p.missingRequired).toEqual(REQUIRED_ATTRIBUTES);
    expect(p.missingRecommended).toEqual(RECOMMENDED_ATTRIBUTES);
    expect(p.checkable).toBe(false);
    expect(p.complete).toBe(false);
  });

  it('the required attributes alone make the map checkable but not complete', () => {
    const p = matchingProgress([...REQUIRED_ATTRIBUTES, null]);
    expect(p.missingRequired).toEqual([]);
    expect(p.checkable).toBe(true);
    expect(p.complete).toBe(false);
  });

  it('required and recommended together are complete', () => {
    const p = matchingProgress([...REQUIRED_ATTRIBUTES, ...RECOMMENDED_ATTRIBUTES]);
    expect(p.complete).toBe(true);
    expect(p.missingRecommended).toEqual([]);
  });

  it('an attribute chosen for two columns blocks the check', () => {
    const p = matchingProgress([...REQUIRED_ATTRIBUTES, REQUIRED_ATTRIBUTES[0]!]);
    expect(p.repeated).toEqual([REQUIRED_ATTRIBUTES[0]]);
    expect(p.checkable).toBe(false);
  });

  it('unknown values count as unmatched', () => {
    expect(matchingProgress(['nonsense']).missingRequired).toEqual(REQUIRED_ATTRIBUTES);
  });
});
