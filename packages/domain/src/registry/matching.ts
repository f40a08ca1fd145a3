/**
 * The column matching of a custom registry (spec 1 §2 step 2, §5): which required and recommended attributes are
 * still unmatched. The browser's side menu and 'Проверить', and the server's `map_registry`, read the same rule.
 */
import {
  ATTRIBUTE_BY_VALUE,
  type AttributeValue,
  RECOMMENDED_ATTRIBUTES,
  REQUIRED_ATTRIBUTES,
} from './attributes.ts';

export interface MatchingProgress {
  /** Required attributes no column is matched to (they block the check). */
  missingRequired: AttributeValue[];
  /** Attributes the analytics use that no column is matched to (they do not block). */
  missingRecommended: AttributeValue[];
  /** Attributes chosen for more than one column (the server refuses such a map). */
  repeated: AttributeValue[];
  /** Nothing required or recommended is left: 'Все поля совпадают'. */
  complete: boolean;
  /** 'Проверить' may run: every required attribute is matched, none twice. */
  checkable: boolean;
}

export function matchingProgress(map: readonly (string | null | undefined)[]): MatchingProgress {
  const seen = new Set<string>();
  const repeated = new Set<AttributeValue>();
  for (const value of map) {
    if (!value || !ATTRIBUTE_BY_VALUE.has(value as AttributeValue)) continue;
    if (seen.has(value)) repeated.add(value as AttributeValue);
    seen.add(value);
  }
  const missingRequired = REQUIRED_ATTRIBUTES.filter((v) => !seen.has(v));
  const missingRecommended = RECOMMENDED_ATTRIBUTES.filter((v) => !seen.has(v));
  return {
    missingRequired,
    missingRecommended,
    repeated: [...repeated],
    complete: missingRequired.length === 0 && missingRecommended.length === 0,
    checkable: missingRequired.length === 0 && repeated.size === 0,
  };
}
