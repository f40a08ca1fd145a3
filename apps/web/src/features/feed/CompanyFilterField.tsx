/**
 * The feed's organisation filter as the page first shows it. The multi-select itself (CompanyFilter: MUI's
 * Autocomplete and Popper, about 19 kB gzip) is fetched on the user's first interaction with the page, or at once
 * when the address already chooses organisations (decisions/0230). Until it arrives, an empty field of the same
 * label stands in its place; what is typed there, and the focus, carry over to the multi-select.
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { InputAdornment, Skeleton } from '@mui/material';
import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { idleModule, useIdleModule } from '../../lib/idleModule.ts';
import type { CompanyFilterProps } from './CompanyFilter.tsx';
import { FEED_MESSAGES } from './messages.ts';

const T = FEED_MESSAGES.companies;
const companyFilter = idleModule(async () => (await import('./CompanyFilter.tsx')).CompanyFilter);

export function CompanyFilterField({ value, onChange }: Pick<CompanyFilterProps, 'value' | 'onChange'>) {
  const chosen = value.length > 0;
  const CompanyFilter = useIdleModule(companyFilter, chosen ? 'idle' : 'interaction');
  const [draft, setDraft] = useState('');
  const [focused, setFocused] = useState(false);
  if (CompanyFilter) {
    return <CompanyFilter value={value} onChange={onChange} initialInput={draft} autoFocus={focused} />;
  }
  // Chosen organisations are shown by name, as chips: that needs the multi-select.
  if (chosen) return <Skeleton variant="rounded" height={56} />;
  return (
    <TextInput
      label={T.label}
      placeholder={T.placeholder}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onFocus={() => {
        setFocused(true);
        companyFilter.load();
      }}
      onBlur={() => setFocused(false)}
      htmlInput={{ role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' }}
      endAdornment={
        <InputAdornment position="end" sx={{ color: 'action.active', mr: -0.75 }}>
          <ArrowDropDownIcon />
        </InputAdornment>
      }
    />
  );
}
