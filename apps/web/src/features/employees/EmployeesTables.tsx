import type { Employee, Invited } from '@etp/contracts';
import { formatMoscowDate, formatPhone } from '@etp/domain';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Button,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { EmailText } from './EmailText.tsx';
import { EMPLOYEES_MESSAGES as T } from './messages.ts';

export type EmployeeAction =
  | { kind: 'remove' | 'owner'; email: string; name: string }
  | { kind: 'revoke'; email: string; name: string };

const employeeName = (e: Pick<Employee, 'first_name' | 'last_name' | 'email'>) =>
  [e.last_name, e.first_name].filter(Boolean).join(' ') || e.email || T.noName;

/** The company's employees; the owner's menu on each other row hands over the rights or removes them. */
export function EmployeesTable({
  employees,
  selfId,
  onAction,
}: {
  employees: Employee[];
  selfId: number;
  onAction: (action: EmployeeAction) => void;
}) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; employee: Employee } | null>(null);
  const C = T.columns;
  return (
    <TableContainer>
      <Table size="small" aria-label={T.employees}>
        <TableHead>
          <TableRow>
            <TableCell>{C.name}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{C.email}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{C.phone}</TableCell>
            <TableCell>{C.role}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{C.since}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {employees.map((employee) => {
            const name = employeeName(employee);
            return (
              <TableRow key={employee.id} data-testid="employee-row">
                <TableCell sx={{ fontWeight: 500 }}>
                  {name}
                  {employee.id === selfId && (
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                    >{` (${T.you})`}</Typography>
                  )}
                  {/* Phones have no room for the e-mail column: it goes under the name. */}
                  {employee.email && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      data-testid="employee-email-under-name"
                      sx={{ display: { xs: 'block', sm: 'none' } }}
                    >
                      <EmailText email={employee.email} />
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {employee.email && <EmailText email={employee.email} />}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {employee.phone ? formatPhone(employee.phone) : ''}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={employee.owner ? T.owner : T.collaborator}
                    color={employee.owner ? 'primary' : 'default'}
                    variant="outlined"
                  />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatMoscowDate(employee.joined_at)}
                </TableCell>
                <TableCell align="right" sx={{ width: 48 }}>
                  {employee.id !== selfId && employee.email && (
                    <IconButton
                      size="small"
                      aria-label={T.actions(name)}
                      onClick={(event) => setMenu({ anchor: event.currentTarget, employee })}
                    >
                      <MoreVertIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {(['owner', 'remove'] as const).map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              if (menu?.employee.email)
                onAction({ kind, email: menu.employee.email, name: employeeName(menu.employee) });
              setMenu(null);
            }}
            sx={kind === 'remove' ? { color: 'error.main' } : undefined}
          >
            {kind === 'owner' ? T.makeOwner : T.remove}
          </MenuItem>
        ))}
      </Menu>
    </TableContainer>
  );
}

/** Invitations sent and not answered yet; each can be revoked. */
export function InvitedTable({
  invited,
  onAction,
}: {
  invited: Invited[];
  onAction: (action: EmployeeAction) => void;
}) {
  if (invited.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.noInvitations}
      </Typography>
    );
  }
  const C = T.columns;
  return (
    <TableContainer>
      <Table size="small" aria-label={T.invitations}>
        <TableHead>
          <TableRow>
            <TableCell>{C.email}</TableCell>
            <TableCell>{C.invitedAt}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{C.invitedBy}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {invited.map((invitation) => (
            <TableRow key={invitation.id} data-testid="invited-row">
              <TableCell>
                <EmailText email={invitation.email} />
              </TableCell>
              <TableCell>{formatMoscowDate(invitation.invited_at)}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {invitation.invited_by ?? ''}
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  color="inherit"
                  onClick={() =>
                    onAction({ kind: 'revoke', email: invitation.email, name: invitation.email })
                  }
                >
                  {T.revoke}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
