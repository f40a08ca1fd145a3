import { Typography } from '@mui/material';
import { EmptyState } from '../../components/EmptyState.tsx';
import { CARD_MESSAGES } from './messages.ts';

/** A tab whose content is not available here: its title and 'Нет данных'. */
export function TabEmptyState({ title }: { title: string }) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <EmptyState title={CARD_MESSAGES.noData} />
    </>
  );
}
