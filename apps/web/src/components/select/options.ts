/** The entries of a DeferredSelect's list: choices, a divider, a group header. */
export type SelectEntry = { value: string; label: string } | { divider: true } | { header: string };

/** The label shown for `value`: the choice's own, else nothing. */
export function labelOf(entries: readonly SelectEntry[], value: string): string {
  for (const entry of entries) if ('value' in entry && entry.value === value) return entry.label;
  return '';
}

export interface DeferredSelectProps {
  /** The field's label (with `visibleLabel`), or the name of a select labelled by an element outside it. */
  label: string;
  /** The id of the element that names the select, when its label stands outside the field. */
  labelledBy?: string;
  value: string;
  entries: readonly SelectEntry[];
  onChange: (value: string) => void;
  fullWidth?: boolean;
}
