import type { BriefcaseListQuery } from '@etp/contracts';

/** Keys of every cached server answer, so invalidation names what it drops. */
export const queryKeys = {
  currentUser: ['user'] as const,
  briefcases: (query: BriefcaseListQuery) => ['briefcases', 'list', query] as const,
  briefcaseCounts: ['briefcases', 'counts'] as const,
  briefcase: (id: number) => ['briefcases', 'card', id] as const,
  /** What the viewer may download of a procedure (prefix), and its list in one status. */
  briefcaseDocumentsOf: (id: number) => ['briefcase-documents', id] as const,
  briefcaseDocuments: (id: number, status: string) => ['briefcase-documents', id, status] as const,
  /** The calendar around a Moscow month 'YYYY-MM' (that month and its neighbours). */
  calendar: (month: string) => ['calendar', month] as const,
  /** The wizard's participant suggestions for a text (GET /api/v1/companies/search). */
  participants: (text: string) => ['wizard', 'participants', text] as const,
  companySearch: (text: string, kind: string, selected: readonly number[]) =>
    ['company-search', text, kind, selected] as const,
  /** Every page of every procedure's lots (prefix), of one procedure's (prefix), and one page of them. */
  allLotPages: ['lots'] as const,
  lotsOf: (briefcaseId: number) => ['lots', briefcaseId] as const,
  lots: (briefcaseId: number, page: number, favourites: boolean) =>
    ['lots', briefcaseId, page, favourites] as const,
  /** Every lot opened alone (prefix), and one. */
  allLots: ['lot'] as const,
  lot: (id: number) => ['lot', id] as const,
  /** Every bid log page (prefix), every page of one lot's, and one page of it. */
  bidLogs: ['lot-bids'] as const,
  bidLogOf: (lotId: number) => ['lot-bids', lotId] as const,
  bidLog: (lotId: number, page: number, perPage: number) => ['lot-bids', lotId, page, perPage] as const,
  bidders: (lotId: number) => ['lot-bidders', lotId] as const,
  lotsInfo: (briefcaseId: number) => ['lots-info', briefcaseId] as const,
  /** The applications for a procedure's next round, and the lots open for them (read whole, page after page). */
  roundRequests: (briefcaseId: number) => ['round-requests', briefcaseId] as const,
  roundCandidates: (briefcaseId: number) => ['round-candidates', briefcaseId] as const,
  /** Every procedure's FAQ pages (prefix), every page of one procedure's (prefix), and one page of it. */
  allQuestions: ['questions'] as const,
  questionsOf: (briefcaseId: number) => ['questions', briefcaseId] as const,
  questions: (briefcaseId: number, page: number) => ['questions', briefcaseId, page] as const,
  /** Every price forecast (prefix), a lot's prediction form, and the predictions the wizard asked for by lot ids. */
  forecast: ['forecast'] as const,
  forecastLotForm: (lotId: number) => ['forecast', 'lot-form', lotId] as const,
  forecastWizard: (briefcaseId: number, lotIds: string) =>
    ['forecast', 'wizard', briefcaseId, lotIds] as const,
  /** Every procedure's Statistics tab (prefix), and one procedure's. */
  allStats: ['stats'] as const,
  stats: (briefcaseId: number) => ['stats', briefcaseId] as const,
  /** Every procedure's monitoring pages (prefix), every page of one procedure's (prefix), and one page of it. */
  allMonitoring: ['monitoring'] as const,
  monitoringOf: (briefcaseId: number) => ['monitoring', briefcaseId] as const,
  monitoring: (briefcaseId: number, page: number) => ['monitoring', briefcaseId, page] as const,
  /** Every deal answer (prefix: a deal's step or its live message re-reads them all), a lot's deal, a list page. */
  allDeals: ['deals'] as const,
  lotDeal: (lotId: number) => ['deals', 'lot', lotId] as const,
  deals: (query: { page: number; state?: string; role?: string }) => ['deals', 'list', query] as const,
  serverTime: ['server-time'] as const,
  dictionaries: ['dictionaries'] as const,
  authMethods: ['auth-methods'] as const,
  authenticityToken: ['authenticity-token'] as const,
  profile: ['profile'] as const,
  /** The wizard's organiser picker (GET /api/v1/users?company_name=). */
  organisers: (name: string) => ['wizard', 'organisers', name] as const,
  company: ['company'] as const,
  employees: ['company', 'employees'] as const,
  invited: ['company', 'invited'] as const,
  inviteInfo: ['invite-info'] as const,
  /** Every page of the user's events (prefix), and one page of them. */
  allEvents: ['events'] as const,
  events: (page: number) => ['events', page] as const,
  /** The administrator's queue of procedures sent for approval. */
  moderationQueue: ['admin', 'moderation'] as const,
  /** Every page of the accreditation queue (prefix), and one page of it in one status. */
  allAdminCompanies: ['admin', 'companies'] as const,
  adminCompanies: (status: string, page: number) => ['admin', 'companies', status, page] as const,
  adminCompany: (id: number) => ['admin', 'company', id] as const,
  adminUser: (id: number) => ['admin', 'user', id] as const,
  publicBriefcases: ['public-briefcases'] as const,
  survey: (kind: string, key: string) => ['survey', kind, key] as const,
  /** Every file fetched with the session (prefix: an avatar changed), and one of them. */
  files: ['file'] as const,
  file: (path: string) => ['file', path] as const,
};
