import AccessTimeIcon from '@mui/icons-material/AccessTime';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import TelegramIcon from '@mui/icons-material/Telegram';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

const { footer } = LAYOUT_MESSAGES;

function Contact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'rgba(255,255,255,.6)', mt: 0.25 }}>{icon}</Box>
      <Box>
        <Typography variant="caption" sx={{ color: 'rgba(255,255,255,.6)', display: 'block' }}>
          {label}
        </Typography>
        <Typography variant="body2">{children}</Typography>
      </Box>
    </Stack>
  );
}

/** Working hours, support phone and e-mail, the Telegram channel (spec 1 §1). */
export function Footer() {
  const linkSx = { color: 'inherit' } as const;
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'primary.dark', color: 'common.white', mt: 'auto', py: { xs: 4, md: 5 } }}
    >
      <Container maxWidth="xl">
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              ЭТП РД
            </Typography>
            <Typography variant="body2" sx={{ color: 'rgba(255,255,255,.75)', mt: 1, maxWidth: 320 }}>
              {footer.about}
            </Typography>
          </Box>
          <Box>
            <Stack spacing={2}>
              <Typography variant="subtitle2">{footer.support}</Typography>
              <Contact icon={<AccessTimeIcon fontSize="small" />} label={footer.hours}>
                {SUPPORT_CONTACTS.workingHours}
              </Contact>
              <Contact icon={<PhoneOutlinedIcon fontSize="small" />} label={footer.phone}>
                <Link href={SUPPORT_CONTACTS.phoneHref} sx={linkSx}>
                  {SUPPORT_CONTACTS.phone}
                </Link>
              </Contact>
            </Stack>
          </Box>
          <Box>
            <Stack spacing={2} sx={{ pt: { sm: 4.5 } }}>
              <Contact icon={<MailOutlineIcon fontSize="small" />} label={footer.email}>
                <Link href={`mailto:${SUPPORT_CONTACTS.email}`} sx={linkSx}>
                  {SUPPORT_CONTACTS.email}
                </Link>
              </Contact>
              <Contact icon={<TelegramIcon fontSize="small" />} label={footer.channel}>
                <Link href={SUPPORT_CONTACTS.telegram} target="_blank" rel="noopener noreferrer" sx={linkSx}>
                  {SUPPORT_CONTACTS.telegramName}
                </Link>
              </Contact>
            </Stack>
          </Box>
        </Box>
        <Typography variant="caption" component="p" sx={{ color: 'rgba(255,255,255,.6)', mt: 4 }}>
          © {new Date().getFullYear()} {footer.rights}. {footer.timeNote}
        </Typography>
      </Container>
    </Box>
  );
}
