/**
 * The access rules of the routes (spec 3 §2.1, spec 2 §2, spec 1 §2):
 * - public: anyone;
 * - feed: /briefcases, signed in, or the need_auth query flag present;
 * - signedIn: any signed-in user;
 * - goodStanding: signed in and in good standing (auction-type feeds, the card, the wizard);
 * - admin: role admin.
 */
export type RouteAccess = 'public' | 'feed' | 'signedIn' | 'goodStanding' | 'admin';

export interface RouteAccessRequest {
  access: RouteAccess;
  /** The route's query carries the need_auth flag (only /briefcases looks at it). */
  needAuthFlag?: boolean;
}

export const SIGN_IN_PATH = '/users/sign_in';
export const FEED_PATH = '/briefcases';
