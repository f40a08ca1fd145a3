/**
 * The card's buttons: edit in the wizard, confirm / do not confirm a pending procedure (with the spec's dialogs),
 * and the favourite star. After a decision the card is read again, so the buttons go away.
 */
import type { BriefcaseCardAttributes, User } from '@etp/contracts';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FavouriteStar } from '../../components/FavouriteStar.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { batchAutobidsButton } from '../trade/batchAutobidsButton.ts';
import { roundActionsShown } from '../trade/roundActionsShown.ts';
import { canDecideBriefcase, canEditBriefcase } from './cardActions.ts';
import { CARD_MESSAGES } from './messages.ts';

const PlayerViewSwitch = lazy(async () => ({
  default: (await import('./PlayerViewSwitch.tsx')).PlayerViewSwitch,
}));
const T = CARD_MESSAGES.actions;

// Dialogs and the buttons of a few statuses load only when needed: the card's first load stays light (decisions/0145).
const DecisionDialog = lazy(() => import('./DecisionDialog.tsx'));
const BatchAutobidsButton = lazy(() => import('../trade/BatchAutobids.tsx'));
const RoundActions = lazy(() => import('../trade/RoundActions.tsx'));

export function OrganiserActions({
  briefcase: b,
  user,
  playerView = false,
  onPlayerView,
}: {
  briefcase: BriefcaseCardAttributes;
  user: User | null;
  /** An administrator's "Интерфейс торгов игрока": the trading screens as a player sees them. */
  playerView?: boolean;
  onPlayerView?: (on: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(b.id) });
  const decide = useMutation({
    mutationFn: ({ kind, note }: { kind: 'confirm' | 'reject'; note: string }) =>
      kind === 'reject'
        ? call(OPERATIONS.rejectBriefcase, { params: { id: b.id }, body: { note } })
        : call(OPERATIONS.confirmBriefcase, { params: { id: b.id } }),
    onSuccess: (_, { kind }) => {
      toast.success(kind === 'confirm' ? T.confirmed : T.remarksTaken);
      setDialog(null);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error, T.failed)),
  });

  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {canDecideBriefcase(b, user) && (
        <>
          <Button variant="contained" onClick={() => setDialog('confirm')}>
            {T.confirm}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
            {T.reject}
          </Button>
        </>
      )}
      {user?.role === 'admin' && onPlayerView && (
        <Suspense fallback={null}>
          <PlayerViewSwitch label={T.playerView} checked={playerView} onChange={onPlayerView} />
        </Suspense>
      )}
      {batchAutobidsButton(b, user?.role === 'admin') !== 'hidden' && (
        <Suspense fallback={null}>
          <BatchAutobidsButton briefcase={b} admin={user?.role === 'admin'} />
        </Suspense>
      )}
      {roundActionsShown(b) && (
        <Suspense fallback={null}>
          <RoundActions briefcase={b} user={user} />
        </Suspense>
      )}
      {canEditBriefcase(b, user, playerView) && (
        <Button
          component={RouterLink}
          to={`/briefcases/new/${b.id}`}
          startIcon={<EditIcon />}
          variant="outlined"
        >
          {T.edit}
        </Button>
      )}
      <FavouriteStar id={b.id} favourite={b.is_favorited} />
      {dialog && (
        <Suspense fallback={null}>
          <DecisionDialog
            dialog={dialog}
            pending={decide.isPending}
            onClose={() => setDialog(null)}
            onDecide={(kind, note) => decide.mutate({ kind, note })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
