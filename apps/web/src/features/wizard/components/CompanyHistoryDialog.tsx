/**
 * The "previously chosen" dialog of a participant list (spec 1 §2 step 4): the seller's earlier choices for that
 * list, each selectable (one that can no longer take part is shown with its error and disabled), and removable
 * from the history. The chosen ones are added to the list being edited.
 */
import type { HistoryCompany } from '@etp/contracts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { type CompanyListName, loadListHistory, removeFromHistory } from '../wizardApi.ts';

interface CompanyHistoryDialogProps {
  open: boolean;
  briefcaseId: number;
  list: CompanyListName;
  title: string;
  /** Companies already on either list of this procedure. */
  taken: readonly number[];
  onClose: () => void;
  onAdd: (companies: HistoryCompany[]) => void;
}

const historyKey = (briefcaseId: number, list: CompanyListName) =>
  ['wizard', 'history', briefcaseId, list] as const;

export function CompanyHistoryDialog(props: CompanyHistoryDialogProps) {
  const { open, briefcaseId, list, taken } = props;
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const history = useQuery({
    queryKey: historyKey(briefcaseId, list),
    queryFn: ({ signal }) => loadListHistory(briefcaseId, list, signal),
    enabled: open,
  });
  const removal = useMutation({
    mutationFn: (companyId: number) => removeFromHistory(briefcaseId, list, companyId),
    onSuccess: (rest, companyId) => {
      queryClient.setQueryData(historyKey(briefcaseId, list), rest);
      setSelected((ids) => ids.filter((id) => id !== companyId));
    },
  });
  const close = () => {
    setSelected([]);
    removal.reset();
    props.onClose();
  };
  const companies = history.data ?? [];
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`history-${list}-title`}>
      <DialogTitle id={`history-${list}-title`}>{T.historyTitle(props.title)}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 2 } }}>
        {removal.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {removal.error instanceof ApiError ? removal.error.message : String(removal.error)}
          </Alert>
        )}
        {history.isError && (
          <Alert severity="error">
            {history.error instanceof ApiError ? history.error.message : String(history.error)}
          </Alert>
        )}
        {history.isPending ? (
          <Typography color="text.secondary">{T.historyLoading}</Typography>
        ) : companies.length === 0 ? (
          <Typography color="text.secondary">{T.emptyList}</Typography>
        ) : (
          <List dense aria-label={T.historyTitle(props.title)}>
            {companies.map((company) => {
              const already = taken.includes(company.id);
              const disabled = already || company.error !== null;
              const note = company.error ?? (already ? T.historyAlready : null);
              return (
                <ListItem
                  key={company.id}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={T.historyRemove(company.full_name)}
                      disabled={removal.isPending}
                      onClick={() => removal.mutate(company.id)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <FormControlLabel
                    disabled={disabled}
                    sx={{ mr: 6, ml: 0, py: 0.5, alignItems: 'flex-start' }}
                    control={
                      <Checkbox
                        checked={already || selected.includes(company.id)}
                        onChange={() => toggle(company.id)}
                        sx={{ mt: -0.5 }}
                      />
                    }
                    label={
                      <>
                        <Typography variant="body2">{company.full_name}</Typography>
                        <Typography variant="caption" color={company.error ? 'error' : 'text.secondary'}>
                          {note ??
                            [company.kind_name, company.inn && T.inn(company.inn)].filter(Boolean).join(', ')}
                        </Typography>
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{T.cancel}</Button>
        <Button
          variant="contained"
          disabled={selected.length === 0}
          onClick={() => {
            props.onAdd(companies.filter((c) => selected.includes(c.id)));
            close();
          }}
        >
          {T.historyAdd}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
