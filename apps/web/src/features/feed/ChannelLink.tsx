import TelegramIcon from '@mui/icons-material/Telegram';
import { Link, Stack, Typography } from '@mui/material';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { FEED_MESSAGES } from './messages.ts';

const T = FEED_MESSAGES.channel;

/** The invitation to the platform's channel (spec 2 §2 "a channel invitation link"). */
export function ChannelLink() {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TelegramIcon sx={{ color: '#229ED9' }} aria-hidden />
      <Typography variant="body2">
        {T.text}{' '}
        <Link
          href={SUPPORT_CONTACTS.telegram}
          underline="always"
          target="_blank"
          rel="noopener noreferrer"
          aria-label={T.link(SUPPORT_CONTACTS.telegramName)}
        >
          {SUPPORT_CONTACTS.telegramName}
        </Link>
      </Typography>
    </Stack>
  );
}
