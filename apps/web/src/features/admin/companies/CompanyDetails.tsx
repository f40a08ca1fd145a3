import type { AdminCompany } from '@etp/contracts';
import { COMPANY_KIND_LABELS, formatMoscowDate, formatPhone } from '@etp/domain';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { KeyValueTable } from '../../../components/KeyValueTable.tsx';
import { toast } from '../../../lib/toast.ts';
import { downloadFile } from '../../company/companyApi.ts';
import { COMPANY_PAGE_MESSAGES as F } from '../../company/messages.ts';
import { ACCREDITATION_MESSAGES as T } from '../messages.ts';

/** What the administrator reviews: the company's data, its documents (downloaded with the token), its people. */
export function CompanyDetails({ company: c }: { company: AdminCompany }) {
  const v = (value: string | null | undefined) => value || T.noData;
  return (
    <Stack spacing={3}>
      <KeyValueTable
        caption={T.data}
        rows={[
          { label: F.fields.kind, value: COMPANY_KIND_LABELS[c.kind] },
          { label: F.fields.inn, value: v(c.inn) },
          { label: F.fields.kpp, value: v(c.kpp) },
          { label: F.fields.okved, value: v(c.okved) },
          {
            label: F.fields.management_name,
            value: [c.management_post, c.management_name].filter(Boolean).join(', ') || T.noData,
          },
          { label: F.fields.address, value: v(c.address) },
          { label: F.fields.current_address, value: v(c.current_address) },
          { label: F.fields.phone, value: c.phone ? formatPhone(c.phone) : T.noData },
          { label: F.fields.email, value: v(c.email) },
          { label: F.fields.passport, value: v(c.passport) },
          {
            label: F.sections.roles,
            value: [c.buyer && T.buyer, c.seller && T.seller].filter(Boolean).join(', ') || T.noData,
          },
          { label: F.fields.bank, value: v(c.bank_account.bank) },
          { label: F.fields.bik, value: v(c.bank_account.bik) },
          { label: F.fields.account, value: v(c.bank_account.account) },
          { label: F.fields.correspondent_account, value: v(c.bank_account.correspondent_account) },
          { label: F.fields.signer_name, value: v(c.signer_name) },
          { label: F.fields.signer_position_and_fio, value: v(c.signer_position_and_fio) },
        ]}
      />
      <Box>
        <Typography variant="subtitle2">{T.documents}</Typography>
        <List dense>
          {c.documents.length === 0 && (
            <ListItem disableGutters>
              <ListItemText secondary={T.noDocuments} />
            </ListItem>
          )}
          {c.documents.map((doc) => (
            <ListItem key={doc.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DescriptionOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link
                    component="button"
                    type="button"
                    onClick={() =>
                      downloadFile(doc.url, `${doc.name}.${doc.extension}`).catch(() =>
                        toast.error(T.downloadFailed),
                      )
                    }
                  >
                    {doc.name}
                  </Link>
                }
                secondary={`${doc.extension.toUpperCase()} · ${formatMoscowDate(doc.created_at)}`}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <Box>
        <Typography variant="subtitle2">{T.employees}</Typography>
        <List dense>
          {c.employees.map((e) => (
            <ListItem key={e.id} disableGutters>
              <ListItemText
                primary={[e.last_name, e.first_name].filter(Boolean).join(' ') || e.email}
                secondary={[e.email, e.owner ? T.owner : null].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Box>
    </Stack>
  );
}
