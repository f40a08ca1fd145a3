/** The one live client of the web app (DESIGN §6b). */
export { ConnectionLostNotice } from './ConnectionLostNotice.tsx';
export type { LiveState } from './LiveConnection.ts';
export { LiveProvider } from './LiveProvider.tsx';
export { useLiveState, useLiveSubscription } from './useLive.ts';
