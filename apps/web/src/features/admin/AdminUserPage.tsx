/**
 * /admin/users/{userId} (spec 2 §2, linked from the monitoring rows): the user, their companies, sign-ins, visits of
 * procedure pages and latest actions (docs/decisions/0111).
 */
import type { AdminUser } from '@etp/contracts';
import {
  COMPANY_KIND_LABELS,
  formatMoscowDateTime,
  formatPhone,
  formatRubles,
  viewerOffsetMinutes,
} from '@etp/domain';
import { Box, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { NotFoundBlock } from '../errors/NotFoundBlock.tsx';
import { ACCREDITATION_MESSAGES as A, ADMIN_USER_MESSAGES as T } from './messages.ts';
import { useAdminUser } from './useAdminUser.ts';

const when = (at: string) => formatMoscowDateTime(at, { viewerOffsetMinutes: viewerOffsetMinutes() });

function parseId(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** A list of a section, or its empty text. */
function Rows({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  if (children.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={label}>
      {children}
    </List>
  );
}

const rowSx = {
  px: 0,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;

function Confirmation({ confirmed }: { confirmed: boolean }) {
  return (
    <Typography component="span" variant="body2" color={confirmed ? 'success.main' : 'text.secondary'}>
      {` (${confirmed ? T.confirmed : T.unconfirmed})`}
    </Typography>
  );
}

function UserDetails({ data }: { data: AdminUser }) {
  const u = data.user;
  return (
    <Stack spacing={3}>
      <SectionCard title={T.data} id="admin-user-data">
        <KeyValueTable
          caption={T.data}
          rows={[
            {
              label: T.email,
              value: u.email ? (
                <>
                  {u.email}
                  <Confirmation confirmed={u.confirmed_email} />
                </>
              ) : (
                A.noData
              ),
            },
            {
              label: T.phone,
              value: u.phone ? (
                <>
                  {formatPhone(u.phone)}
                  <Confirmation confirmed={u.confirmed_phone} />
                </>
              ) : (
                A.noData
              ),
            },
            { label: T.role, value: T.roles[u.role] },
            { label: T.registered, value: when(u.created_at) },
          ]}
        />
      </SectionCard>

      <SectionCard title={T.companies} id="admin-user-companies">
        <Rows label={T.companies} empty={T.noCompanies}>
          {data.companies.map((c) => (
            <ListItem key={c.id} sx={rowSx} data-testid={`admin-user-company-${c.id}`}>
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <span>{c.name || c.full_name}</span>
                    {c.current && <Chip size="small" color="primary" label={T.current} />}
                  </Stack>
                }
                secondary={[
                  COMPANY_KIND_LABELS[c.kind],
                  c.inn && T.inn(c.inn),
                  c.owner ? T.owner : T.employee,
                  A.statusLabels[c.accreditation_status],
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </Rows>
      </SectionCard>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <SectionCard title={T.sessions} hint={T.sessionsHint} id="admin-user-sessions">
          <Rows label={T.sessions} empty={T.noSessions}>
            {data.sessions.map((s) => (
              <ListItem
                key={s.id}
                sx={rowSx}
                secondaryAction={
                  <Chip
                    size="small"
                    color={s.active ? 'success' : 'default'}
                    variant={s.active ? 'filled' : 'outlined'}
                    label={s.active ? T.sessionActive : T.sessionEnded}
                  />
                }
              >
                <ListItemText
                  sx={{ pr: 11 }}
                  primary={T.sessionLine(when(s.started_at), when(s.last_active_at))}
                  secondary={T.sessionUntil(when(s.expires_at))}
                />
              </ListItem>
            ))}
          </Rows>
        </SectionCard>

        <SectionCard title={T.visits} hint={T.visitsHint} id="admin-user-visits">
          <Rows label={T.visits} empty={T.noVisits}>
            {data.visits.map((v) => (
              <ListItem key={`${v.briefcase_id}-${v.started_at}`} sx={rowSx}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/briefcases/${v.briefcase_id}`}>
                      {T.briefcase(v.briefcase_id)}
                    </Link>
                  }
                  secondary={T.visitLine(when(v.started_at), when(v.last_seen_at))}
                />
              </ListItem>
            ))}
          </Rows>
        </SectionCard>
      </Box>

      <SectionCard title={T.actions} hint={T.actionsHint} id="admin-user-actions">
        <Rows label={T.actions} empty={T.noActions}>
          {data.actions.map((a) => (
            <ListItem key={a.id} sx={rowSx} data-testid={`admin-user-action-${a.id}`}>
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}
                  >
                    <span>{T.actionLabels[a.action] ?? a.action}</span>
                    {a.amount !== null && (
                      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                        {formatRubles(a.amount)}
                      </Typography>
                    )}
                    {a.briefcase_id !== null && (
                      <Link
                        component={RouterLink}
                        to={
                          a.lot_id === null
                            ? `/briefcases/${a.briefcase_id}`
                            : `/briefcases/${a.briefcase_id}/trade?id=${a.lot_id}`
                        }
                      >
                        {a.lot_id === null
                          ? T.briefcase(a.briefcase_id)
                          : `${T.briefcase(a.briefcase_id)}, ${T.lot(a.lot_id)}`}
                      </Link>
                    )}
                  </Stack>
                }
                secondary={when(a.created_at)}
              />
            </ListItem>
          ))}
        </Rows>
      </SectionCard>
    </Stack>
  );
}

export function AdminUserPage() {
  const id = parseId(useParams().userId);
  const user = useAdminUser(id);
  if (id === null) return <NotFoundBlock title={T.notFound} hint={T.notFoundHint} backLabel={T.back} />;
  if (user.isPending) return <PageLoader />;
  if (user.error) {
    if (user.error instanceof ApiError && user.error.status === 404)
      return <NotFoundBlock title={T.notFound} hint={T.notFoundHint} backLabel={T.back} />;
    return <ErrorBlock message={user.error.message || T.loadFailed} onRetry={() => void user.refetch()} />;
  }
  const u = user.data.user;
  return (
    <>
      <PageHeader
        title={u.full_name}
        subtitle={[T.title(u.id), T.roles[u.role], u.deleted && T.deleted].filter(Boolean).join(' · ')}
      />
      <UserDetails data={user.data} />
    </>
  );
}
