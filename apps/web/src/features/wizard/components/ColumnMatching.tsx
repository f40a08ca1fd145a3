/**
 * The column matching of a custom registry (spec 1 §2 step 2): the file's first 5 rows under header dropdowns that
 * assign a registry attribute to each column, a delete button on each matched header, a full-screen mode, and the
 * side menu counting the required and recommended attributes still unmatched ('Все поля совпадают' when none).
 * The counts are the domain's `matchingProgress`, the rule the server's map_registry enforces.
 */
import type { RegistryPreview } from '@etp/contracts';
import { ATTRIBUTE_BY_VALUE, type AttributeValue, matchingProgress, REGISTRY_ATTRIBUTES } from '@etp/domain';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { loadRemapedRegistry, wizardKeys } from '../wizardApi.ts';
import type { MatchingFailure } from '../wizardState.ts';
import { ReportLink } from './RegistryUpload.tsx';

/** Rows shown under the headers (spec 1 §9). */
export const MATCHING_ROWS = 5;

const letterOf = (index: number) => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

const cellText = (cell: string | number | boolean | null | undefined) =>
  cell === null || cell === undefined ? '' : typeof cell === 'boolean' ? (cell ? 'да' : 'нет') : String(cell);

const nameOf = (value: string) => ATTRIBUTE_BY_VALUE.get(value as AttributeValue)?.text ?? value;

interface ColumnMatchingProps {
  briefcaseId: number;
  fileName: string;
  map: (string | null)[] | null;
  checking: number | null;
  failure: MatchingFailure | null;
  onLoaded: (map: (string | null)[]) => void;
  onMatch: (index: number, value: string | null) => void;
}

export function ColumnMatching(props: ColumnMatchingProps) {
  const { briefcaseId, map, onLoaded } = props;
  const [full, setFull] = useState(false);
  const remaped = useQuery({
    queryKey: wizardKeys.remaped(briefcaseId),
    queryFn: ({ signal }) => loadRemapedRegistry(briefcaseId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const preview = remaped.data?.preview ?? null;
  useEffect(() => {
    // After a check the matching is refetched: a reopened table starts from the saved one, not the old answer.
    if (!remaped.data?.preview || map !== null || remaped.isFetching) return;
    const { headers, suggested } = remaped.data.preview;
    const saved = remaped.data.source_map;
    const hasSaved = Object.values(saved).some(Boolean);
    onLoaded(headers.map((_, i) => (hasSaved ? (saved[String(i)] ?? null) : (suggested[i] ?? null))));
  }, [remaped.data, remaped.isFetching, map, onLoaded]);

  if (remaped.isError)
    return (
      <Alert severity="error">
        {remaped.error instanceof ApiError ? remaped.error.message : T.matchingLoadFailed}
      </Alert>
    );
  if (!preview || map === null)
    return (
      <Box>
        <Typography variant="body2" color="text.secondary">
          {T.matchingLoading}
        </Typography>
        <LinearProgress aria-label={T.matchingLoading} />
      </Box>
    );

  const locked = props.checking !== null;
  const body = (fullScreen: boolean) => (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 260px' },
        alignItems: 'start',
      }}
    >
      <MatchingTable
        preview={preview}
        map={map}
        locked={locked}
        fullScreen={fullScreen}
        onMatch={props.onMatch}
      />
      <MatchingMenu map={map} />
    </Box>
  );

  return (
    <Stack spacing={2} data-testid="column-matching">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" component="h3">
          {T.matchingTitle}
        </Typography>
        <Button startIcon={<OpenInFullIcon />} onClick={() => setFull(true)} sx={{ alignSelf: 'flex-start' }}>
          {T.expand}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {T.matchingText}
      </Typography>
      {!full && body(false)}
      {props.checking !== null && (
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2">{T.checking}</Typography>
            <Typography variant="body2" data-testid="check-percent">
              {props.checking}%
            </Typography>
          </Stack>
          <LinearProgress variant="determinate" value={props.checking} aria-label={T.checking} />
        </Box>
      )}
      {props.failure && (
        <Alert severity="error" role="alert">
          <AlertTitle>{props.failure.message}</AlertTitle>
          {props.failure.errors.length > 0 && (
            <Box component="ul" sx={{ pl: 2, my: 1, maxHeight: 200, overflow: 'auto' }}>
              {props.failure.errors.slice(0, 50).map((error) => (
                <li key={error}>{error}</li>
              ))}
            </Box>
          )}
          {props.failure.reportId && (
            <Stack spacing={0.5}>
              <Typography variant="body2">{T.manyErrors}</Typography>
              <ReportLink reportId={props.failure.reportId} />
            </Stack>
          )}
        </Alert>
      )}
      <Dialog fullScreen open={full} onClose={() => setFull(false)} aria-labelledby="matching-full-title">
        <DialogTitle
          id="matching-full-title"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, overflowWrap: 'anywhere' }}
        >
          <Box sx={{ flex: 1 }}>{T.matchingFullTitle(props.fileName)}</Box>
          <Button
            startIcon={<CloseFullscreenIcon />}
            onClick={() => setFull(false)}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {T.collapse}
          </Button>
          <IconButton aria-label={T.collapse} onClick={() => setFull(false)} sx={{ display: { sm: 'none' } }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>{body(true)}</DialogContent>
      </Dialog>
    </Stack>
  );
}

interface MatchingTableProps {
  preview: RegistryPreview;
  map: (string | null)[];
  locked: boolean;
  fullScreen: boolean;
  onMatch: (index: number, value: string | null) => void;
}

function MatchingTable({ preview, map, locked, fullScreen, onMatch }: MatchingTableProps) {
  const rows = preview.rows.slice(0, MATCHING_ROWS);
  const used = new Set(map.filter(Boolean));
  const prefix = fullScreen ? 'full' : 'inline';
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={T.matchingTitle}
      sx={{ maxWidth: '100%', overflowX: 'auto', maxHeight: fullScreen ? 'calc(100vh - 140px)' : undefined }}
    >
      <Table size="small" stickyHeader={fullScreen} aria-label={T.matchingTitle}>
        <TableHead>
          <TableRow>
            {preview.headers.map((header, index) => {
              const value = map[index] ?? null;
              const attribute = value ? ATTRIBUTE_BY_VALUE.get(value as AttributeValue) : undefined;
              const label = header.trim() || T.column(letterOf(index));
              return (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
                  key={index}
                  sx={{ minWidth: 230, verticalAlign: 'top', bgcolor: value ? 'action.hover' : undefined }}
                  data-testid={`match-column-${index}`}
                >
                  <Typography variant="caption" color="text.secondary">
                    {T.column(letterOf(index))}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      id={`${prefix}-match-${index}`}
                      label={label}
                      value={value ?? ''}
                      disabled={locked}
                      onChange={(e) => onMatch(index, e.target.value || null)}
                      slotProps={{
                        select: {
                          renderValue: (selected) => (selected ? nameOf(String(selected)) : T.columnSkipped),
                          displayEmpty: true,
                        },
                        inputLabel: { shrink: true },
                      }}
                    >
                      <MenuItem value="">
                        <em>{T.attributeNone}</em>
                      </MenuItem>
                      {REGISTRY_ATTRIBUTES.map((a) => (
                        <MenuItem
                          key={a.value}
                          value={a.value}
                          sx={{ gap: 1, flexWrap: 'wrap', whiteSpace: 'normal' }}
                        >
                          <Box component="span" sx={{ flex: '1 1 160px' }}>
                            {a.text}
                            {a.required && (
                              <Typography component="span" variant="caption" color="error.main">
                                {' '}
                                · {T.attributeRequired}
                              </Typography>
                            )}
                            {used.has(a.value) && a.value !== value && (
                              <Typography component="span" variant="caption" color="text.secondary">
                                {' '}
                                · {T.column(letterOf(map.indexOf(a.value)))}
                              </Typography>
                            )}
                          </Box>
                          {a.analytics && <AnalyticsBadge />}
                        </MenuItem>
                      ))}
                    </TextField>
                    {value && (
                      <Tooltip title={T.unmatch(label)}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={T.unmatch(label)}
                            disabled={locked}
                            onClick={() => onMatch(index, null)}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </Stack>
                  <Box sx={{ minHeight: 24, mt: 0.5 }}>
                    {attribute?.analytics && <AnalyticsBadge />}
                    {attribute?.required && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={T.attributeRequired}
                        sx={{ ml: attribute.analytics ? 0.5 : 0 }}
                      />
                    )}
                  </Box>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are fixed and have no identity
            <TableRow key={r}>
              {preview.headers.map((_, c) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                  key={c}
                  sx={{
                    color: map[c] ? 'text.primary' : 'text.secondary',
                    maxWidth: fullScreen ? 420 : 260,
                    overflowWrap: 'anywhere',
                  }}
                >
                  {cellText(row[c])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AnalyticsBadge() {
  return <Chip size="small" color="info" label={T.analyticsBadge} />;
}

function MatchingMenu({ map }: { map: (string | null)[] }) {
  const progress = matchingProgress(map);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="aside" aria-label={T.matchingTitle}>
      {progress.complete ? (
        <Typography color="success.main" sx={{ fontWeight: 600 }} data-testid="all-matched">
          {T.allMatched}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          <Remaining
            title={T.remainingRequired}
            values={progress.missingRequired}
            testId="remaining-required"
          />
          <Remaining
            title={T.remainingRecommended}
            values={progress.missingRecommended}
            testId="remaining-recommended"
            badge
          />
        </Stack>
      )}
      {progress.repeated.map((value) => (
        <Typography key={value} variant="body2" color="error" sx={{ mt: 1 }}>
          {T.repeatedAttribute(nameOf(value))}
        </Typography>
      ))}
    </Paper>
  );
}

function Remaining({
  title,
  values,
  testId,
  badge = false,
}: {
  title: string;
  values: readonly string[];
  testId: string;
  badge?: boolean;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        {title}: <span data-testid={testId}>{values.length}</span>
      </Typography>
      {values.length > 0 && (
        <Box
          component="ul"
          tabIndex={0}
          aria-label={title}
          sx={{ pl: 2.5, pr: 1, my: 0.5, maxHeight: 240, overflowY: 'auto' }}
        >
          {values.map((value) => (
            <Typography component="li" variant="body2" key={value}>
              {nameOf(value)}
              {badge && (
                <Typography component="span" variant="caption" color="info.main">
                  {' '}
                  · {T.analyticsBadge}
                </Typography>
              )}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
