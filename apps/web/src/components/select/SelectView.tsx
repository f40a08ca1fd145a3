/** DeferredSelect's real select: MUI's Select with its menu, loaded on the user's first interaction. */
import { Divider, FormControl, InputLabel, ListSubheader, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import type { DeferredSelectProps } from './options.ts';

export interface SelectViewProps extends DeferredSelectProps {
  /** The stand-in had the focus: take it. */
  autoFocus: boolean;
  /** The stand-in was pressed (a click, Enter, Space, an arrow key) before this arrived: open the list. */
  defaultOpen: boolean;
}

export default function SelectView({
  label,
  labelledBy,
  value,
  entries,
  onChange,
  fullWidth,
  autoFocus,
  defaultOpen,
}: SelectViewProps) {
  const labelId = useId();
  return (
    <FormControl fullWidth={fullWidth}>
      {!labelledBy && <InputLabel id={labelId}>{label}</InputLabel>}
      <Select
        labelId={labelledBy ?? labelId}
        label={labelledBy ? undefined : label}
        value={value}
        onChange={(event) => onChange(String(event.target.value))}
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
      >
        {entries.map((entry, at) =>
          'value' in entry ? (
            <MenuItem key={entry.value} value={entry.value}>
              {entry.label}
            </MenuItem>
          ) : 'divider' in entry ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: dividers have nothing else to tell them apart.
            <Divider key={`divider-${at}`} />
          ) : (
            <ListSubheader key={`header-${entry.header}`}>{entry.header}</ListSubheader>
          ),
        )}
      </Select>
    </FormControl>
  );
}
