import { SMS_RESEND_SECONDS } from '@etp/domain';
import { Button } from '@mui/material';
import { useCountdown } from '../lib/useCountdown.ts';
import { COMPONENT_MESSAGES as T } from './messages.ts';

interface ResendCodeButtonProps {
  /** Epoch ms when the current code was sent: the 120 s timer counts from here (spec 3 §4.1). */
  sentAt: number;
  onResend: () => void;
  pending?: boolean;
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** 'Отправить код повторно через 1:59', usable once the timer has run out. */
export function ResendCodeButton({ sentAt, onResend, pending = false }: ResendCodeButtonProps) {
  const left = useCountdown(SMS_RESEND_SECONDS, sentAt);
  return (
    <Button variant="text" onClick={onResend} disabled={left > 0 || pending} sx={{ alignSelf: 'center' }}>
      {left > 0 ? T.resendIn(mmss(left)) : T.resend}
    </Button>
  );
}
