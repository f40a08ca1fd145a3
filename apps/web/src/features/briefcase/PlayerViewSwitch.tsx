/** The administrator's switch «Интерфейс торгов игрока» (spec 2 §2; decisions/0071): loaded for administrators only. */
import { FormControlLabel, Switch } from '@mui/material';

export function PlayerViewSwitch(props: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />}
      label={props.label}
    />
  );
}
