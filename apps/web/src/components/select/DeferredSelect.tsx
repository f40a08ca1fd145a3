/**
 * A select whose list (MUI's Select, Menu, Popover and Modal: about 20 kB gzip) is fetched on the user's first
 * interaction with the page, not to show it (decisions/0230). Until then a stand-in of the same look shows the
 * label and the chosen value: an outlined field with the select's own classes, focusable, with the combobox role.
 * Focusing it fetches the select at once; a press (a click, Enter, Space, an arrow key) made before it arrives
 * opens the list as soon as it is there, with the focus.
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, FormControl, InputLabel, OutlinedInput } from '@mui/material';
import {
  type FocusEventHandler,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type MouseEventHandler,
  type Ref,
  useId,
  useState,
} from 'react';
import { idleModule, useIdleModule } from '../../lib/idleModule.ts';
import { type DeferredSelectProps, labelOf } from './options.ts';

const selectView = idleModule(async () => (await import('./SelectView.tsx')).default);

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function DeferredSelect(props: DeferredSelectProps) {
  const { label, labelledBy, value, entries, fullWidth } = props;
  const SelectView = useIdleModule(selectView, 'interaction');
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  const id = useId();
  if (SelectView) return <SelectView {...props} autoFocus={focused || pressed} defaultOpen={pressed} />;

  const press = () => {
    setPressed(true);
    selectView.load();
  };
  // As MUI's Select: an empty value shows nothing, and the label stays inside the field.
  const shown = value === '' ? '' : labelOf(entries, value);
  return (
    <FormControl fullWidth={fullWidth}>
      {/* Shrunk by hand: InputBase reads "filled" from its input's DOM value, which the stand-in has not. */}
      {!labelledBy && (
        <InputLabel id={`${id}-label`} shrink={shown !== '' || undefined}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        label={labelledBy ? undefined : label}
        notched={labelledBy ? undefined : shown !== '' || undefined}
        className="MuiSelect-root"
        value={shown}
        inputComponent={StandIn}
        inputProps={{
          'aria-labelledby': `${labelledBy ?? `${id}-label`} ${id}-value`,
          id: `${id}-value`,
          onFocus: () => {
            setFocused(true);
            selectView.load();
          },
          onBlur: () => setFocused(false),
          onMouseDown: press,
          onKeyDown: (event: KeyboardEvent) => {
            if (OPENING_KEYS.has(event.key)) {
              event.preventDefault();
              press();
            }
          },
        }}
        endAdornment={
          <Box
            component={ArrowDropDownIcon}
            className="MuiSelect-icon MuiSelect-iconOutlined"
            sx={{
              position: 'absolute',
              right: 7,
              top: 'calc(50% - .5em)',
              color: 'action.active',
              pointerEvents: 'none',
            }}
          />
        }
      />
    </FormControl>
  );
}

interface StandInProps {
  value?: unknown;
  className?: string;
  id?: string;
  ref?: Ref<HTMLDivElement>;
  onFocus?: FocusEventHandler;
  onBlur?: FocusEventHandler;
  onMouseDown?: MouseEventHandler;
  onKeyDown?: KeyboardEventHandler;
  'aria-labelledby'?: string;
}

/**
 * The stand-in's value, where the select shows its choice: a focusable element, not a text input. Of what
 * InputBase hands its input it keeps the ref, the handlers and the names; a value, a type or a name do not
 * belong on it.
 */
function StandIn({ value, className, ...attributes }: StandInProps) {
  return (
    <Box
      role="combobox"
      tabIndex={0}
      aria-expanded={false}
      aria-haspopup="listbox"
      className={`${className ?? ''} MuiSelect-select MuiSelect-outlined`}
      sx={{
        cursor: 'pointer',
        userSelect: 'none',
        minHeight: '1.4375em',
        height: 'auto',
        paddingRight: '32px !important',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
      id={attributes.id}
      ref={attributes.ref}
      onFocus={attributes.onFocus}
      onBlur={attributes.onBlur}
      onMouseDown={attributes.onMouseDown}
      onKeyDown={attributes.onKeyDown}
      aria-labelledby={attributes['aria-labelledby']}
    >
      {typeof value === 'string' && value !== '' ? (
        value
      ) : (
        <span className="notranslate" aria-hidden="true">
          &#8203;
        </span>
      )}
    </Box>
  );
}
