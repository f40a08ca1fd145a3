/**
 * Every key the web app keeps in the browser's storage, named once.
 * localStorage survives restarts; sessionStorage lives as long as the tab.
 */
export const STORAGE_KEYS = {
  /** localStorage: the token pair of the signed-in user plus when it was obtained (JSON, see StoredSession). */
  session: 'etp.jwt',
  /** localStorage: '1' while a user is signed in in this browser; sign-out removes it (spec 3 §2.7). */
  authorized: 'etp.authorized',
  /** localStorage: '1' once the cookie notice was accepted. */
  cookiesAccepted: 'etp.cookies_accepted',
  /** sessionStorage: where to return after sign-in (path + search). */
  referer: 'etp.referer',
  /** sessionStorage: '1' once the limited-access banner was dismissed in this tab's session. */
  limitedAccessBannerDismissed: 'etp.limited_access_banner_dismissed',
  /** sessionStorage: '1' once the administrator hid the demo-simulator banner in this tab's session. */
  demoSimulationBannerDismissed: 'etp.demo_simulation_banner_dismissed',
  /** sessionStorage: JSON list of the surveys closed or answered in this session ('csi:/briefcases/7/trade'). */
  surveysClosed: 'etp.surveys_closed',
} as const;
