import { ApiError } from '../../api/ApiError.ts';
import { toast } from '../../lib/toast.ts';
import { TRADE_MESSAGES as T } from './messages.ts';

/** A refused trading call: the server's errors and message (10 s), or the transport failure text (spec 2 §8). */
export function tradeErrorToast(error: unknown): void {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    const fields = Object.values(error.errors ?? {}).flat();
    toast.error([...new Set([...fields, error.message])].filter(Boolean).join('. '));
    return;
  }
  toast.error(`${T.bidSendFailed}. ${T.bidSendFailedHint}`);
}
