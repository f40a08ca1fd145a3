import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';

const DEFAULT_MESSAGE = 'Что-то пошло не так. Попробуйте обновить страницу.';

/** A failed load, with the server's message and a retry when one makes sense. */
export function ErrorBlock({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, my: 3 }} role="alert">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} />
        <Typography variant="body1">{message ?? DEFAULT_MESSAGE}</Typography>
        {onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            Повторить
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
