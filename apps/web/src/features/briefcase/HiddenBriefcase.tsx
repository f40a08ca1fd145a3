import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { CARD_MESSAGES } from './messages.ts';

/** A hidden procedure: 'Торговая процедура не состоялась', support contacts and the way back to the list. */
export function HiddenBriefcase() {
  return (
    <EmptyState
      icon={<EventBusyOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />}
      title={CARD_MESSAGES.hiddenTitle}
      hint={
        <Stack spacing={0.5} component="span">
          <span>{CARD_MESSAGES.hiddenHint}</span>
          <Typography component="span" variant="body2">
            <Link href={SUPPORT_CONTACTS.phoneHref}>{SUPPORT_CONTACTS.phone}</Link>
            {' · '}
            <Link href={`mailto:${SUPPORT_CONTACTS.email}`}>{SUPPORT_CONTACTS.email}</Link>
          </Typography>
          <span>{SUPPORT_CONTACTS.workingHours}</span>
        </Stack>
      }
      action={
        <Button component={RouterLink} to="/briefcases" variant="contained">
          {CARD_MESSAGES.backToList}
        </Button>
      }
    />
  );
}
