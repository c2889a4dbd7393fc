/** Business constants and limits of SPEC §9, in one place for both sides. */

export const BRAND_NAME = 'Sentinel Shield';

export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** What a project id looks like (a slug): every schema that takes or returns one checks it against this. */
export const PROJECT_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export const WATCHLIST_NAME_MAX_LENGTH = 20;
export const DEFAULT_WATCHLIST_NAME = 'My Watchlist';
export const TEMP_WATCHLIST_ID = 'temp';

export const SURVEY_REMINDER_INTERVAL_MS = 604_800_000; // 7 days
export const SURVEY_LAST_NOTIFICATION_KEY = 'survey-last-notification-time';
export const COOKIE_CONSENT_KEY = 'cookie-consent';

/** The first-party cookie naming an anonymous visitor (server/visitor.ts), so one person holds one vote per project. */
export const VISITOR_COOKIE = 'sentinel_visitor';

/** The shared minimum keyword length of the search box and the watchlist search. */
export const SEARCH_KEYWORD_MIN_LENGTH = 2;
export const SEARCH_RESULT_LIMIT = 20;
export const SEARCH_LOADING_ROWS = 5;
export const NAV_SEARCH_DROPDOWN_WIDTH = 252;
export const PROJECT_PICKER_HEIGHT = 300;
export const ADD_PROJECT_LIST_HEIGHT = 256;

/** The header search appears after scrolling past the banner height minus this many pixels. */
export const HEADER_SEARCH_SCROLL_OFFSET = 70;

export const AVATAR_CACHE_KEY_PERIOD_MS = 60_000;

export const HTTP_RETRY_COUNT = 3;
export const DEFAULT_TOP_COUNT = 10;
export const MAX_TOP_COUNT = 100;
export const PRIVILEGED_TRANSACTIONS_LIMIT = 20;

export const DRAWER_WIDTH = 378;
export const DRAWER_WIDTH_LARGE = 736;
export const DRAWER_ANIMATION_SECONDS = 0.3;

export const TOUR = {
  scrollDurationMs: 300,
  scrollOffset: 20,
  spotlightPadding: 2,
  progressBarWidth: 332,
  /** The progress bar spans the number of steps minus this many (the end and skip screens). */
  progressStepsOffset: 3,
  tooltipWidth: 290,
  tooltipWidthWide: 380,
  wideWindowMinWidth: 480,
} as const;

export const POPUP_MAX_WIDTH = 300;
export const POPUP_HOVER_CLOSE_DELAY_SECONDS = 0.4;

export const SURVEY_USER_TYPES = ['Retail Investor', 'Institution'] as const;
export const SURVEY_EXPERTISE_TYPES = ['Beginner', 'Competent', 'Proficient', 'Expert'] as const;
export const SURVEY_INSTITUTION_TYPES = ['VC/Hedge fund', 'Blockchain Security', 'Exchange', 'Project Owner'] as const;

export const QUOTE_SERVICES = [
  { id: 'security-audit', label: 'Security Audit' },
  { id: 'skynet', label: 'Skynet monitoring' },
  { id: 'skytrace', label: 'SkyTrace investigation' },
  { id: 'pentest', label: 'Penetration Testing' },
] as const;
export type QuoteServiceId = (typeof QUOTE_SERVICES)[number]['id'];
