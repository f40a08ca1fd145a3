import type { ArrivalFlag } from './useArrivalToasts.ts';

/**
 * '/users/sign_in?password_changed=1' and the like. A module of its own so that the pages linking to the sign-in
 * screen (the profile's deletion among them) do not take the sign-in texts with it (decisions/0170).
 */
export const signInWith = (flag: ArrivalFlag) => `/users/sign_in?${flag}=1`;
