import { COMPANY_KIND_LABELS } from '@etp/domain';
import { Alert, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { ProfileNav } from './ProfileNav.tsx';

/** /profile/client: what is known of the user's company from GET /api/v1/user. The company form comes later. */
export function CompanyPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title={T.companyTitle} />
      <ProfileNav />
      {user.company_id === null ? (
        <Alert severity="info">{T.noCompany}</Alert>
      ) : (
        <Stack spacing={2.5}>
          <Alert severity={user.company_good_standing ? 'success' : 'warning'}>
            {user.company_good_standing ? T.accredited : T.notAccredited}
          </Alert>
          <Paper variant="outlined" sx={{ px: { xs: 2, md: 3 }, py: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {T.company}
            </Typography>
            <KeyValueTable
              caption={T.company}
              rows={[
                { label: T.companyName, value: user.company_name ?? T.notFilled },
                {
                  label: T.companyKind,
                  value: user.company_kind ? COMPANY_KIND_LABELS[user.company_kind] : T.notFilled,
                },
                { label: T.yourRole, value: user.owner ? T.owner : T.collaborator },
              ]}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {T.companyFormHint}
            </Typography>
          </Paper>
          {user.allowed_companies.length > 1 && (
            <Paper variant="outlined" sx={{ px: { xs: 2, md: 3 }, py: 2 }}>
              <Typography variant="h6" component="h2">
                {T.allowedCompanies}
              </Typography>
              <List dense>
                {user.allowed_companies.map((company) => (
                  <ListItem key={company.company_id} disableGutters>
                    <ListItemText
                      primary={company.company_name}
                      secondary={company.owner ? T.owner : T.collaborator}
                    />
                    {company.current && <Chip size="small" color="primary" label={T.current} />}
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </Stack>
      )}
    </>
  );
}
