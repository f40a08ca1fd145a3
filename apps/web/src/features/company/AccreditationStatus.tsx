import type { Company } from '@etp/contracts';
import { formatMoscowDate } from '@etp/domain';
import { Alert, AlertTitle } from '@mui/material';
import { COMPANY_PAGE_MESSAGES as T } from './messages.ts';

const SEVERITY = { draft: 'info', pending: 'warning', approved: 'success', rejected: 'error' } as const;

/** Where the company's accreditation stands: not sent, under review, accredited, or refused with the reason. */
export function AccreditationStatus({ company }: { company: Company }) {
  const status = company.accreditation_status;
  const date = (iso: string | null) => (iso ? formatMoscowDate(iso) : '');
  const text = {
    draft: T.status.draft,
    pending: T.status.pending(date(company.accreditation_requested_at)),
    approved: T.status.approved(date(company.accredited_at)),
    rejected: T.status.rejected(company.accreditation_note ?? ''),
  }[status];
  return (
    <Alert severity={SEVERITY[status]} sx={{ mb: 3 }} data-testid="accreditation-status">
      <AlertTitle>{T.statusTitle[status]}</AlertTitle>
      {text}
    </Alert>
  );
}
