import { Typography } from '@mui/material';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { InvitationCard } from '../employees/InvitationCard.tsx';
import { ProfileNav } from '../profile/ProfileNav.tsx';
import { AccreditationStatus } from './AccreditationStatus.tsx';
import { CompanyForm } from './CompanyForm.tsx';
import { CompanyReadOnly } from './CompanyReadOnly.tsx';
import { useCompany } from './companyApi.ts';
import { COMPANY_PAGE_MESSAGES as T } from './messages.ts';

/**
 * /profile/client: the company's data and its accreditation (spec 3 §2.5, §4.3). A user without a company fills
 * it in and becomes its owner; the owner edits it; a collaborator reads it.
 */
export function CompanyPage() {
  const company = useCompany();
  return (
    <>
      <PageHeader title={T.title} />
      <ProfileNav />
      <InvitationCard />
      {company.isPending ? (
        <PageLoader />
      ) : company.error ? (
        <ErrorBlock message={T.loadFailed} onRetry={() => void company.refetch()} />
      ) : company.data === null ? (
        <>
          <Typography variant="body1" color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
            {T.noCompanyLead}
          </Typography>
          <CompanyForm company={null} />
        </>
      ) : (
        <>
          <AccreditationStatus company={company.data} />
          {company.data.owner ? (
            <CompanyForm key={company.data.id} company={company.data} />
          ) : (
            <CompanyReadOnly company={company.data} />
          )}
        </>
      )}
    </>
  );
}
