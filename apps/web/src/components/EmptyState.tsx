import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  hint?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

/** A calm block for "nothing here": a title, an optional hint and action. */
export function EmptyState({ title, hint, icon, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, bgcolor: 'background.paper' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {icon ?? <InboxOutlinedIcon sx={{ fontSize: 44, color: 'text.disabled' }} />}
        <Typography variant="h6" component="p">
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
            {hint}
          </Typography>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
