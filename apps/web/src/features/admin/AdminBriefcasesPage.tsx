import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
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
      <EmptyState
        title={T.briefcases}
        hint={T.briefcasesHint}
        action={
          <Button component={RouterLink} to="/briefcases" variant="outlined">
            {T.toFeed}
          </Button>
        }
      />
    </>
  );
}
