/**
 * Every numeric constant of the spec, named once. Server and web import these so that a limit the UI shows and
 * the one the server enforces cannot drift apart. Durations are milliseconds unless the name says otherwise.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Sizes are binary megabytes, as file pickers and browsers count them. */
export const MB = 1024 * 1024;

// --- Accounts (spec 3 §5, §9) ---
export const SMS_CODE_LENGTH = 4;
export const SMS_RESEND_SECONDS = 120;
export const TOKEN_REFRESH_INTERVAL_MS = 86_100_000;
export const PASSWORD_MIN_LENGTH = 8;
/** The password-change (reset) screen asks for less than sign-in and registration do. */
export const PASSWORD_RESET_MIN_LENGTH = 6;
/** +7 and ten digits. */
export const PHONE_DIGITS = 11;
/** Length of a fully masked phone '+7 ### ###-##-##'. */
export const PHONE_MASKED_LENGTH = 16;
/** INN of a legal entity, bank or MFO. */
export const INN_LENGTH_ORGANISATION = 10;
/** INN of an individual or a sole trader. */
export const INN_LENGTH_PERSON = 12;

// --- Surveys ---
export const SURVEY_DELAY_MS = 5000;
export const SURVEY_COMMENT_MAX_LENGTH = 250;
export const SURVEY_MAX_STARS = 5;

// --- Clocks and timers (spec 2 §4, §9) ---
/**
 * Timers tick once a second.
 * @alias of SECOND_MS under the spec's name (a duplicate export on purpose).
 */
export const TIMER_TICK_MS = SECOND_MS;
/** The client re-asks GET /time no sooner than this. */
export const SERVER_TIME_RECHECK_MS = 5 * SECOND_MS;
/** Lot timer turns to a warning below this much time left (classic, dutch). */
export const TIME_LEFT_WARNING_MS = 1_200_000;
/** Same warning for private_requests and bank_to_bank. */
export const TIME_LEFT_WARNING_PRIVATE_MS = 18_000_000;
/** List cards switch to a countdown at this much time left (classic, dutch). */
export const ENDING_SOON_MS = 5 * MINUTE_MS;
/** Same for private_requests and bank_to_bank. */
export const ENDING_SOON_PRIVATE_MS = 5 * HOUR_MS;
/** "+N мин" is offered while strictly less than this remains, i.e. 5 minutes or less. */
export const EXTEND_THRESHOLD_MS = 300_001;
export const CALENDAR_CACHE_MS = 60 * SECOND_MS;
export const PUBLIC_PAGE_TIMEOUT_MS = 30 * SECOND_MS;
export const SEARCH_DEBOUNCE_MS = 500;
/** Lots are re-requested this long after the live connection comes back. */
export const RECONNECT_RELOAD_DELAY_MS = 50;
/** Monitoring starts collecting visits this long before the start. */
export const MONITORING_BEFORE_START_MS = 30 * MINUTE_MS;
/**
 * The web app repeats the page's state (online or away) this often while the card is open (decisions/0013).
 * @alias of MINUTE_MS under the spec's name.
 */
export const MONITORING_HEARTBEAT_MS = MINUTE_MS;
/** A visit not seen for this long counts as offline. */
export const MONITORING_OFFLINE_AFTER_MS = 2 * MINUTE_MS;
export const TOOLTIP_DELAY_MS = 200;
export const PDF_PRINT_DELAY_MS = 100;

/** Snackbar durations. Spec 2 says 2 s by default, spec 3 says 3.5 s: we use 3.5 s everywhere. */
export const TOAST_DURATION_MS = {
  default: 3500,
  authError: 5 * SECOND_MS,
  error: 10 * SECOND_MS,
  linkCopied: SECOND_MS,
  autobid: 5 * SECOND_MS,
  renewal: 5 * SECOND_MS,
  bidDeleteError: 5 * SECOND_MS,
  batchAutobidSuccess: 3 * SECOND_MS,
} as const;

// --- Lists and paging ---
export const LIST_PAGE_SIZES = [5, 10, 40] as const;
export const LIST_DEFAULT_PAGE_SIZE = 10;
/** Default list date window: today + 30 days. */
export const DEFAULT_DATE_WINDOW_MS = 2_592_000_000;
export const CALENDAR_DAY_PAGE_SIZE = 100;
export const CALENDAR_MAX_DOTS_PER_DAY = 3;
export const TRADE_LOTS_PAGE_SIZE = 48;
export const BID_LOG_PAGE_SIZE = 10;
/** The bid log shows more on first open, then pages by {@link BID_LOG_PAGE_SIZE}. */
export const BID_LOG_FIRST_PAGE_SIZE = 15;
export const FAQ_PAGE_SIZE = 20;
export const MONITORING_PAGE_SIZE = 20;
export const VISIBLE_PAGE_BUTTONS = 6;
export const FAQ_VISIBLE_PAGE_BUTTONS = 10;
/** Landing-page slider hides its arrows with fewer cards than this. */
export const SLIDER_CONTROLS_MIN_CARDS = 4;
export const PIE_LEGEND_INITIAL_ITEMS = 8;
/** The "Показать ещё N" button appears only when a legend has more items than this. */
export const PIE_LEGEND_COLLAPSE_ABOVE = 10;
/** The wizard's lots table shows this many until 'Показать все лоты'. */
export const WIZARD_LOTS_PREVIEW = 32;
export const MATCHING_PREVIEW_ROWS = 5;

// --- Procedures, lots, bids ---
export const DEFAULT_LOT_RENEWAL_MINUTES = 10;
/** @alias of DAY_MS under the spec's name: next-round applications are taken for a day by default. */
export const DEFAULT_ROUND_REQUEST_TTL_MS = DAY_MS;
export const RENEWAL_AFTER_LAST_BID_MIN_MINUTES = 0;
export const RENEWAL_AFTER_LAST_BID_MAX_MINUTES = 60;
export const MAX_BIDS_MIN = 1;
export const LOT_NAME_MAX_LENGTH = 20;
export const PERCENT_FIELD_MAX = 100;
/** private_requests need this many days between publication and the start. */
export const PRIVATE_REQUESTS_MIN_NOTICE_DAYS = 4;
/** Default end = start + 2 hours (classic, private_requests). */
export const DEFAULT_DURATION_MS = 2 * HOUR_MS;
/** A start chosen a day or more ahead defaults to 11:00 Moscow time on that day. */
export const DEFAULT_START_HOUR = 11;

// --- Files ---
export const REGISTRY_MAX_MB = 100;
export const REGISTRY_MAX_BYTES = REGISTRY_MAX_MB * MB;
export const DOCUMENT_MAX_MB = 30;
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MB * MB;
export const DOCUMENTS_TOTAL_MAX_MB = 100;
export const DOCUMENTS_TOTAL_MAX_BYTES = DOCUMENTS_TOTAL_MAX_MB * MB;
const BATCH_AUTOBID_MAX_MB = 100;
export const BATCH_AUTOBID_MAX_BYTES = BATCH_AUTOBID_MAX_MB * MB;

// --- Display ---
/** Above this many kopecks money is shown in the short form (999 999,99 ₽ is still shown in full). */
export const SHORT_MONEY_THRESHOLD_KOPECKS = 99_999_999;
export const LOT_DIALOG_MAX_WIDTH_PX = 816;
export const LOT_DIALOG_FULLSCREEN_BELOW_PX = 1039;
export const STATISTICS_NARROW_BELOW_PX = 1024;
export const WINNER_DIALOG_MAX_WIDTH_PX = 550;
export const STATISTICS_PRICE_BAR_MAX_HEIGHT_PX = 72;
/** The back-to-top button appears after scrolling this share of the window height. */
export const BACK_TO_TOP_SCROLL_SHARE = 0.25;
