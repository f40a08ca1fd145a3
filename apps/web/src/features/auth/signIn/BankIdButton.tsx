import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { Box, Button, Divider } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { pathOf } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { signInApi } from './signInApi.ts';

/**
 * Where the server starts a bank-identity sign-in: a form post with an authenticity token (spec 3 §7.1,
 * docs/decisions/0025 and 0066), a full page load, not a route.
 */
const BANK_ID_START = pathOf(OPERATIONS.startBankIdSignIn);

/** The federated bank-identity sign-in, shown only when GET /auth_methods says it is configured. */
export function BankIdButton() {
  const methods = useQuery({
    queryKey: queryKeys.authMethods,
    queryFn: ({ signal }) => signInApi.authMethods(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const enabled = Boolean(methods.data?.bank_id);
  // The token pairs with a cookie that lives an hour; a fresh one on each visit to the screen.
  const authenticity = useQuery({
    queryKey: queryKeys.authenticityToken,
    queryFn: ({ signal }) => signInApi.authenticityToken(signal),
    enabled,
    staleTime: 30 * 60_000,
    gcTime: 0,
    retry: false,
  });
  if (!enabled) return null;
  const token = authenticity.data?.authenticity_token;
  return (
    <>
      <Divider sx={{ typography: 'body2', color: 'text.secondary' }}>{T.or}</Divider>
      <Box component="form" method="post" action={BANK_ID_START}>
        <input type="hidden" name="authenticity_token" value={token ?? ''} />
        <Button
          type="submit"
          disabled={!token}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={<AccountBalanceOutlinedIcon />}
        >
          {T.bankId}
        </Button>
      </Box>
    </>
  );
}
