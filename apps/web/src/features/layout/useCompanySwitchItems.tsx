import type { User } from '@etp/contracts';
import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { employeesApi } from '../employees/employeesApi.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

const { user: texts } = LAYOUT_MESSAGES;

/**
 * The companies the user may work for (spec 3 §6), as items of the user menu (a menu takes its items directly,
 * so they come as an array): choosing one makes it current (POST /api/v1/allowed_companies/change) and every
 * cached answer is read again for it.
 */
export function useCompanySwitchItems(user: User, onDone: () => void): ReactElement[] {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (companyId: number) => employeesApi.changeCompany(companyId),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.currentUser, answer.data);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0],
      });
      if (answer.message) toast.success(answer.message);
    },
    onError: (failure) => toast.error(errorText(failure, texts.switchFailed)),
    onSettled: onDone,
  });
  if (user.allowed_companies.length < 2) return [];
  return [
    <ListSubheader key="title" sx={{ lineHeight: '32px' }}>
      {texts.switchCompany}
    </ListSubheader>,
    ...user.allowed_companies.map((company) => (
      <MenuItem
        key={company.company_id}
        selected={company.current}
        disabled={change.isPending}
        onClick={() => (company.current ? onDone() : change.mutate(company.company_id))}
      >
        <ListItemIcon>{company.current && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText
          primary={company.company_name}
          secondary={company.current ? texts.currentCompany : undefined}
        />
      </MenuItem>
    )),
  ];
}
