/**
 * Signing the agreement (decisions/0258): by an SMS code to the caller's confirmed phone (send the code, type its
 * four digits, sign) or by the scan of the paper-signed agreement (a PDF). The server's refusals show beside the
 * field they concern, in the dialog.
 */
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '@etp/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState } from 'react';
import { ResendCodeButton } from '../../components/ResendCodeButton.tsx';
import { SmsCodeInput } from '../../components/SmsCodeInput.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { useSendSignCode, useSignDeal, useSignDealByScan } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

interface DealSignDialogProps {
  dealId: number;
  method: 'sms' | 'scan';
  onClose: () => void;
}

export default function DealSignDialog({ dealId, method, onClose }: DealSignDialogProps) {
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{T.sign.title}</DialogTitle>
      {method === 'sms' ? (
        <SmsSigning dealId={dealId} onClose={onClose} />
      ) : (
        <ScanSigning dealId={dealId} onClose={onClose} />
      )}
    </Dialog>
  );
}

function SmsSigning({ dealId, onClose }: { dealId: number; onClose: () => void }) {
  const send = useSendSignCode(dealId);
  const sign = useSignDeal(dealId);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const ask = () =>
    send.mutate(undefined, {
      onSuccess: (reply) => {
        // The server's pause wins over the default: a code asked for elsewhere shortens nothing.
        setSentAt(Date.now() - (SMS_RESEND_SECONDS - reply.resend_in) * 1000);
        setCode('');
        sign.reset();
      },
    });
  const submit = (value: string) => {
    setCode(value);
    sign.mutate(value, {
      onSuccess: () => {
        toast.success(T.sign.signed);
        onClose();
      },
    });
  };
  const sendError = send.error ? errorText(send.error, T.stepFailed) : null;
  const signError = sign.error ? errorText(sign.error, T.stepFailed) : null;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {T.sign.smsIntro}
          </Typography>
          {send.data && sentAt !== null ? (
            <>
              <Typography variant="body1" data-testid="deal-sign-phone" sx={{ textAlign: 'center' }}>
                {T.sign.sentTo(send.data.phone)}
              </Typography>
              <SmsCodeInput
                label={T.sign.codeLabel}
                onComplete={submit}
                error={signError}
                disabled={sign.isPending}
                resetKey={sentAt}
              />
              <ResendCodeButton sentAt={sentAt} onResend={ask} pending={send.isPending} />
              {sendError && <Alert severity="error">{sendError}</Alert>}
            </>
          ) : (
            sendError && <Alert severity="error">{sendError}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{T.back}</Button>
        {send.data && sentAt !== null ? (
          <Button
            variant="contained"
            disabled={sign.isPending || code.length !== SMS_CODE_LENGTH}
            onClick={() => submit(code)}
          >
            {T.sign.submit}
          </Button>
        ) : (
          <Button variant="contained" onClick={ask} disabled={send.isPending}>
            {T.sign.sendCode}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

function ScanSigning({ dealId, onClose }: { dealId: number; onClose: () => void }) {
  const upload = useSignDealByScan(dealId);
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const error = localError ?? (upload.error ? errorText(upload.error, T.stepFailed) : null);
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {T.sign.scanIntro}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
              {T.sign.chooseFile}
              <input
                id={inputId}
                type="file"
                hidden
                accept="application/pdf,.pdf"
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  event.target.value = '';
                  upload.reset();
                  setFile(chosen);
                  setLocalError(chosen && !isPdf(chosen) ? T.sign.notPdf : null);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="deal-scan-name">
              {file ? file.name : T.sign.fileHint}
            </Typography>
          </Stack>
          {error && (
            <FormHelperText id={errorId} error>
              {error}
            </FormHelperText>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{T.back}</Button>
        <Button
          variant="contained"
          disabled={file === null || localError !== null || upload.isPending}
          onClick={() =>
            file &&
            upload.mutate(file, {
              onSuccess: () => {
                toast.success(T.sign.signed);
                onClose();
              },
            })
          }
        >
          {T.sign.upload}
        </Button>
      </DialogActions>
    </>
  );
}
