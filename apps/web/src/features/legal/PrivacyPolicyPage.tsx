/**
 * /privacy: the platform's policy on personal data, open to everyone (signed in or not). Registration and the call
 * request link to it from their agreement boxes (decisions/0142).
 */
import { Box, Container, Link, Paper, Typography } from '@mui/material';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { PRIVACY_POLICY as T } from './privacyPolicy.ts';

export function PrivacyPolicyPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        {T.sections.map((section) => (
          <Box key={section.title} component="section" sx={{ '& + &': { mt: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {section.title}
            </Typography>
            {section.paragraphs.map((text) => (
              <Typography key={text} variant="body2" sx={{ mb: 1 }}>
                {text}
              </Typography>
            ))}
          </Box>
        ))}
        <Typography variant="body2" sx={{ mt: 3 }}>
          {T.contacts}{' '}
          <Link href={`mailto:${SUPPORT_CONTACTS.email}`} underline="always">
            {SUPPORT_CONTACTS.email}
          </Link>
          ,{' '}
          <Link href={SUPPORT_CONTACTS.phoneHref} underline="always">
            {SUPPORT_CONTACTS.phone}
          </Link>
          .
        </Typography>
      </Paper>
    </Container>
  );
}
