/** The key of a live channel of one procedure (or of none), as the hub files its deliveries and a socket's subscriptions. */
import type { LiveChannel } from '@etp/contracts';

export const keyOf = (channel: LiveChannel, briefcaseId: number | null) => `${channel}:${briefcaseId ?? ''}`;

export function parseKey(key: string): { channel: LiveChannel; briefcaseId: number | null } {
  const at = key.lastIndexOf(':');
  const id = key.slice(at + 1);
  return { channel: key.slice(0, at) as LiveChannel, briefcaseId: id === '' ? null : Number(id) };
}
