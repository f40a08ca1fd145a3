import { Typography } from '@mui/material';
import { useSignedIn } from '../../api/useSignedIn.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { ERROR_MESSAGES } from './messages.ts';
import { NotFoundBlock } from './NotFoundBlock.tsx';

/** The 404 page of any unknown address. */
export function NotFoundPage() {
  usePageTitle(ERROR_MESSAGES.notFoundTitle);
  const signedIn = useSignedIn();
  return (
    <>
      <Typography variant="h2" component="p" color="text.disabled" sx={{ textAlign: 'center', mb: 2 }}>
        404
      </Typography>
      <NotFoundBlock
        backTo={signedIn ? '/briefcases' : '/'}
        backLabel={signedIn ? ERROR_MESSAGES.toFeed : ERROR_MESSAGES.toHome}
      />
    </>
  );
}
