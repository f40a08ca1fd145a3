import type { Company } from '@etp/contracts';
import { COMPANY_KIND_LABELS, formatPhone } from '@etp/domain';
import { Alert, Stack } from '@mui/material';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { COMPANY_PAGE_MESSAGES as T } from './messages.ts';

/** What a collaborator sees of the company: its data, without the form (only the owner edits it). */
export function CompanyReadOnly({ company }: { company: Company }) {
  const F = T.fields;
  const v = (value: string | null) => value || T.noData;
  return (
    <Stack spacing={3}>
      <Alert severity="info">{T.collaboratorNote}</Alert>
      <SectionCard title={T.sections.main} id="company-view">
        <KeyValueTable
          caption={T.sections.main}
          twoColumns
          rows={[
            { label: F.kind, value: COMPANY_KIND_LABELS[company.kind] },
            { label: F.name, value: v(company.name) },
            { label: F.full_name, value: v(company.full_name) },
            { label: F.inn, value: v(company.inn) },
            { label: F.kpp, value: v(company.kpp) },
            { label: F.okved, value: v(company.okved) },
            { label: F.management_name, value: v(company.management_name) },
            { label: F.address, value: v(company.address) },
            { label: F.current_address, value: v(company.current_address) },
            { label: F.phone, value: company.phone ? formatPhone(company.phone) : T.noData },
            { label: F.email, value: v(company.email) },
            { label: F.bank, value: v(company.bank_account.bank) },
            { label: F.bik, value: v(company.bank_account.bik) },
            { label: F.account, value: v(company.bank_account.account) },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}
