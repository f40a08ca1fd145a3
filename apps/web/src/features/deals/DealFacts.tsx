/** What both sides of a deal read: the parties, the price in figures and words, who signed how and when. */
import type { DealView } from '@etp/contracts';
import { formatMoscowDateTime, viewerOffsetMinutes } from '@etp/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { downloadFile } from '../../api/downloadFile.ts';
import { toast } from '../../lib/toast.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

type Signature = NonNullable<DealView['buyer_signature']>;

const when = (iso: string) => formatMoscowDateTime(iso, { viewerOffsetMinutes: viewerOffsetMinutes() });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** "1 200 000 ₽ (Один миллион … копеек)": the figures stand out, the words follow as the agreement writes them. */
function PriceInFiguresAndWords({ text }: { text: string }) {
  const at = text.indexOf(' (');
  const figures = at === -1 ? text : text.slice(0, at);
  const words = at === -1 ? '' : text.slice(at + 1);
  return (
    <Box component="span" data-testid="deal-price">
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.25rem', whiteSpace: 'nowrap' }}>
        {figures}
      </Box>
      {words && ' '}
      {words && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {words}
        </Box>
      )}
    </Box>
  );
}

/** Seller and buyer side by side on a wide screen, the price under them across the width. */
export function DealParties({ deal }: { deal: DealView }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5 }}
    >
      <Fact label={T.seller}>{deal.seller_company.name}</Fact>
      <Fact label={T.buyer}>{deal.buyer_company.name}</Fact>
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <Fact label={T.price}>
          <PriceInFiguresAndWords text={deal.price_in_words} />
        </Fact>
      </Box>
    </Box>
  );
}

function SignatureLine({ side, signature }: { side: string; signature: Signature | null }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {signature ? (
        <CheckCircleIcon fontSize="small" color="success" sx={{ mt: 0.25 }} />
      ) : (
        <RadioButtonUncheckedIcon fontSize="small" color="disabled" sx={{ mt: 0.25 }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {side}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {signature ? `${T.signedBy[signature.method]} ${when(signature.at)}` : T.notSigned}
          {signature?.scan_url && (
            <>
              {' · '}
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() =>
                  void downloadFile(signature.scan_url ?? '', `${side}.pdf`).catch(() =>
                    toast.error(T.downloadFailed),
                  )
                }
              >
                {T.scanLink}
              </Link>
            </>
          )}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * Both signatures, so each side sees who signed how and when; nothing while the offer to the second bidder waits
 * for its answer or after it went unanswered or was declined (no agreement was ever to be signed).
 */
export function DealSignatures({ deal }: { deal: DealView }) {
  const neverToSign =
    deal.state === 'second_offer' || deal.state === 'offer_declined' || deal.failure === 'offer_not_answered';
  if (neverToSign && !deal.buyer_signature && !deal.seller_signature) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {T.signatures}
      </Typography>
      <Box
        data-testid="deal-signatures"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1 }}
      >
        <SignatureLine side={T.seller} signature={deal.seller_signature} />
        <SignatureLine side={T.buyer} signature={deal.buyer_signature} />
      </Box>
    </Box>
  );
}

/** The payment's and the registry's milestones, the failure's or the cancellation's reason. */
export function DealMilestones({ deal }: { deal: DealView }) {
  const lines: { label: string; value: string }[] = [];
  if (deal.payment_reported_at)
    lines.push({ label: T.paymentReported, value: when(deal.payment_reported_at) });
  if (deal.paid_at) lines.push({ label: T.paid, value: when(deal.paid_at) });
  if (deal.registry_handed_over_at)
    lines.push({ label: T.registryHandedOver, value: when(deal.registry_handed_over_at) });
  if (deal.state === 'closed' && deal.ended_at) lines.push({ label: T.closedAt, value: when(deal.ended_at) });
  if (deal.failure_label) lines.push({ label: T.failure, value: deal.failure_label });
  if (deal.cancel_reason) lines.push({ label: T.cancelReason, value: deal.cancel_reason });
  if (lines.length === 0) return null;
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5 }}
    >
      {lines.map((line) => (
        <Fact key={line.label} label={line.label}>
          {line.value}
        </Fact>
      ))}
    </Box>
  );
}
