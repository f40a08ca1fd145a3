import { Link, Stack, Typography } from '@mui/material';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';

/** Support phone, e-mail and hours, for screens that cannot help the user by themselves yet. */
export function SupportHint({ intro }: { intro?: string }) {
  return (
    <Stack spacing={0.5}>
      {intro && (
        <Typography variant="body2" color="text.secondary">
          {intro}
        </Typography>
      )}
      <Typography variant="body2">
        <Link href={SUPPORT_CONTACTS.phoneHref}>{SUPPORT_CONTACTS.phone}</Link>
        {' · '}
        <Link href={`mailto:${SUPPORT_CONTACTS.email}`}>{SUPPORT_CONTACTS.email}</Link>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {SUPPORT_CONTACTS.workingHours}
      </Typography>
    </Stack>
  );
}
