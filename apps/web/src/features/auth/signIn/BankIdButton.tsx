import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { Button, Divider } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { signInApi } from './signInApi.ts';

/** Where the server starts a bank-identity sign-in (docs/decisions/0025): a full page load, not a route. */
export const BANK_ID_START = '/users/auth/bank_id';

/** The federated bank-identity sign-in, shown only when GET /auth_methods says it is configured. */
export function BankIdButton() {
  const methods = useQuery({
    queryKey: queryKeys.authMethods,
    queryFn: ({ signal }) => signInApi.authMethods(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!methods.data?.bank_id) return null;
  return (
    <>
      <Divider sx={{ typography: 'body2', color: 'text.secondary' }}>{T.or}</Divider>
      <Button
        href={BANK_ID_START}
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<AccountBalanceOutlinedIcon />}
      >
        {T.bankId}
      </Button>
    </>
  );
}
