/** Which sockets of a channel an event's audience (bus.ts) reaches, as each delivery decides it (delivery.ts). */
import type { Audience } from './bus.ts';
import type { LiveClient } from './liveClient.ts';

/**
 * An audience of some companies or users: whether it reaches a socket is decided socket by socket, and a frame holding
 * it is shared only among the sockets it reaches (delivery.ts, shareOf).
 */
export const personal = (audience: Audience) =>
  audience.kind === 'companies' || audience.kind === 'users' || audience.kind === 'companiesAndAdmins';

/** Whether the client is in the audience, on a channel of this procedure (null: a channel without one). */
export function reaches(client: LiveClient, audience: Audience, briefcaseId: number | null): boolean {
  const auth = client.auth;
  if (!auth) return false;
  switch (audience.kind) {
    case 'all':
      return true;
    case 'masters':
      return briefcaseId !== null && client.masterOf.has(briefcaseId);
    case 'participants':
      return briefcaseId === null || !client.masterOf.has(briefcaseId);
    case 'companies':
      return auth.company !== null && audience.ids.includes(auth.company.id);
    case 'users':
      return audience.ids.includes(auth.user.id);
    case 'companiesAndAdmins':
      return auth.user.role === 'admin' || (auth.company !== null && audience.ids.includes(auth.company.id));
  }
}
