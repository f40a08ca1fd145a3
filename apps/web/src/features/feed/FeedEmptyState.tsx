import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FEED_MESSAGES } from './messages.ts';

/** 'Ничего не найдено' with the hint and the reset button (spec 2 §2). */
export function FeedEmptyState({ onReset }: { onReset: () => void }) {
  return (
    <EmptyState
      icon={<SearchOffIcon sx={{ fontSize: 44, color: 'text.disabled' }} />}
      title={FEED_MESSAGES.empty.title}
      hint={FEED_MESSAGES.empty.hint}
      action={
        <Button variant="outlined" onClick={onReset}>
          {FEED_MESSAGES.filters.reset}
        </Button>
      }
    />
  );
}
