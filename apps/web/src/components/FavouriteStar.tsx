import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { IconButton } from '@mui/material';
import { useToggleBriefcaseFavourite } from '../api/useToggleBriefcaseFavourite.ts';
import { DeferredTooltip } from './DeferredTooltip.tsx';
import { COMPONENT_MESSAGES as T } from './messages.ts';

/** The favourite star of a procedure (feed card, card header): a toggle button. */
export function FavouriteStar({ id, favourite, label }: { id: number; favourite: boolean; label?: string }) {
  const toggle = useToggleBriefcaseFavourite(id);
  const text = favourite ? T.unfavourite : T.favourite;
  return (
    <DeferredTooltip title={text}>
      <IconButton
        aria-label={label ? `${text}: ${label}` : text}
        aria-pressed={favourite}
        onClick={() => toggle.mutate(!favourite)}
      >
        {favourite ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
      </IconButton>
    </DeferredTooltip>
  );
}
