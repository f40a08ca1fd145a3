import { SEARCH_DEBOUNCE_MS } from '@etp/domain';
import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment } from '@mui/material';
import { useEffect, useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';

interface SearchFieldProps {
  label: string;
  /** The search in force (trimmed, from the address). */
  value: string;
  onChange: (value: string) => void;
}

/** A text search that reports what was typed once typing pauses for 500 ms (spec 2 §9). */
export function SearchField({ label, value, onChange }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  // The search changed from outside (reset, back button): show it. Done while rendering, so that the report
  // below never sees the old text together with the new value and puts the old search back.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== text.trim()) setText(value);
  }
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced === text && debounced.trim() !== value) onChange(debounced);
  }, [debounced, text, value, onChange]);

  return (
    <TextInput
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth
      type="search"
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
    />
  );
}
