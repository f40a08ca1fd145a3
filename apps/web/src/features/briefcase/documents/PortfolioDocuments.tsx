/**
 * The Портфель tab's documents (spec 2 §2): the documentation, "Общие результаты аукциона" for everyone after
 * trading, and for the seller the trade protocol line ("Протокол будет доступен после окончания торгов" until the
 * end), the seller's reports and the download history.
 */
import type { BriefcaseCardAttributes, BriefcaseDocuments } from '@etp/contracts';
import { formatFileSize, formatMoscowDateTime, viewerOffsetMinutes } from '@etp/domain';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DOCUMENTS_MESSAGES as T } from './messages.ts';
import { useBriefcaseDocuments } from './useBriefcaseDocuments.ts';
import { useDocumentDownload } from './useDocumentDownload.ts';

type Save = (link: string, name: string) => void;

interface FileLineProps {
  label: string;
  size: string;
  link: string;
  name: string;
  save: Save;
}

function FileLine({ label, size, link, name, save }: FileLineProps) {
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={T.download(label)}
          onClick={() => save(link, name)}
        >
          {size}
        </Button>
      }
      sx={{ pr: 14 }}
    >
      <ListItemText primary={label} secondary={name === label ? undefined : name} />
    </ListItem>
  );
}

function SellerPart({
  briefcaseId,
  seller,
  save,
}: {
  briefcaseId: number;
  seller: NonNullable<BriefcaseDocuments['seller']>;
  save: Save;
}) {
  const viewer = { viewerOffsetMinutes: viewerOffsetMinutes() };
  const reports = [
    { label: T.report, link: seller.report_link, name: T.fileNames.report(briefcaseId) },
    { label: T.lotsReport, link: seller.lots_report_link, name: T.fileNames.lotsReport(briefcaseId) },
    {
      label: T.companiesInfo,
      link: seller.companies_info_link,
      name: T.fileNames.companiesInfo(briefcaseId),
    },
  ];
  return (
    <>
      <Box>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {T.sellerReports}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {reports.map((r) => (
            <Button
              key={r.link}
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => save(r.link, r.name)}
            >
              {r.label}
            </Button>
          ))}
        </Stack>
      </Box>
      <Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="subtitle2" component="h4">
            {T.history}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => save(seller.downloads_info_link, T.fileNames.downloadsInfo(briefcaseId))}
          >
            {T.historyDownload}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {seller.downloads_count === 0 ? T.historyEmpty : T.historyCount(seller.downloads_count)}
        </Typography>
        {seller.recent_downloads.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={T.history} sx={{ minWidth: { xs: 480, sm: 0 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.historyColumns.at}</TableCell>
                  <TableCell>{T.historyColumns.user}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {T.historyColumns.company}
                  </TableCell>
                  <TableCell>{T.historyColumns.file}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {seller.recent_downloads.map((row) => (
                  <TableRow key={`${row.created_at}-${row.user_name}-${row.what}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoscowDateTime(row.created_at, viewer)}
                    </TableCell>
                    <TableCell>{row.user_name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {row.company_name ?? '—'}
                    </TableCell>
                    <TableCell>{row.what}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </>
  );
}

export function PortfolioDocuments({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const documents = useBriefcaseDocuments(b.id, b.status);
  const download = useDocumentDownload(b.id);
  const save: Save = (link, name) => download.mutate({ link, name });
  const d = documents.data;
  if (documents.isError) return <Alert severity="warning">{T.loadFailed}</Alert>;
  if (!d) return null;
  const files = [
    ...d.documents.map((doc) => ({ label: doc.title ?? doc.name, doc })),
    ...(d.protocol ? [{ label: T.protocol, doc: d.protocol }] : []),
    ...(d.main_report ? [{ label: T.mainReport, doc: d.main_report }] : []),
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="portfolio-documents">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {T.sectionTitle}
      </Typography>
      <Stack spacing={2}>
        {files.length === 0 && !d.protocol_pending ? (
          <Typography variant="body2" color="text.secondary">
            {T.noDocuments}
          </Typography>
        ) : (
          <List dense disablePadding>
            {files.map(({ label, doc }) => (
              <FileLine
                key={doc.id}
                label={label}
                size={formatFileSize(doc.bytes_size)}
                link={doc.link}
                name={doc.name}
                save={save}
              />
            ))}
            {d.protocol_pending && (
              <ListItem disableGutters>
                <ListItemText primary={T.protocol} secondary={T.protocolPending} />
              </ListItem>
            )}
          </List>
        )}
        {d.seller && <SellerPart briefcaseId={b.id} seller={d.seller} save={save} />}
      </Stack>
    </Paper>
  );
}
