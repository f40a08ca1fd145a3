import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ERROR_MESSAGES } from './messages.ts';

interface NotFoundBlockProps {
  title?: string;
  hint?: string;
  backTo?: string;
  backLabel?: string;
}

/** "Not found", with a way back. */
export function NotFoundBlock({
  title = ERROR_MESSAGES.notFoundTitle,
  hint = ERROR_MESSAGES.notFoundHint,
  backTo = '/briefcases',
  backLabel = ERROR_MESSAGES.toFeed,
}: NotFoundBlockProps) {
  return (
    <EmptyState
      icon={<SearchOffIcon sx={{ fontSize: 48, color: 'text.disabled' }} />}
      title={title}
      hint={hint}
      action={
        <Button component={RouterLink} to={backTo} variant="contained">
          {backLabel}
        </Button>
      }
    />
  );
}
