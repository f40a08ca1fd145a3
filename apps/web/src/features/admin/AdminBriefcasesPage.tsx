import AddIcon from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ModerationQueue } from './ModerationQueue.tsx';
import { ADMIN_MESSAGES as T } from './messages.ts';

/**
 * /admin/briefcases: the administrator's entry to procedures. The wizard recognises an administrator origin by
 * being opened from here (spec 1 §2), so "Новая торговая процедура" passes that origin along.
 */
export function AdminBriefcasesPage() {
  return (
    <>
      <PageHeader
        title={T.title}
        subtitle={T.briefcases}
        actions={
          <Button
            component={RouterLink}
            to="/briefcases/new"
            state={{ from: 'admin' }}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {T.newBriefcase}
          </Button>
        }
      />
      <Stack spacing={4}>
        <ModerationQueue />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to="/briefcases" variant="outlined">
            {T.toFeed}
          </Button>
          <Button component={RouterLink} to="/admin/deals" variant="outlined">
            {T.toDeals}
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
