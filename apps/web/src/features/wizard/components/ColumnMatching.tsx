/**
 * The column matching of a custom registry (spec 1 §2 step 2): the file's first 5 rows under header dropdowns that
 * assign a registry attribute to each column, a delete button on each matched header, a full-screen mode, and the
 * side menu counting the required and recommended attributes still unmatched ('Все поля совпадают' when none).
 * This file loads the preview and the saved or suggested matching, and holds the check's progress, its failure and
 * the full-screen dialog; the table is MatchingTable.tsx, the side menu MatchingMenu.tsx.
 */
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { loadRemapedRegistry, wizardKeys } from '../wizardApi.ts';
import type { MatchingFailure } from '../wizardState.ts';
import { MatchingMenu } from './MatchingMenu.tsx';
import { MatchingTable } from './MatchingTable.tsx';
import { ReportLink } from './RegistryUpload.tsx';

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
