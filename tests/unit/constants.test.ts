import { describe, expect, it } from 'vitest';

import {
  ADD_PROJECT_LIST_HEIGHT,
  AVATAR_CACHE_KEY_PERIOD_MS,
  CODE_LENGTH,
  DEFAULT_TOP_COUNT,
  DEFAULT_WATCHLIST_NAME,
  DRAWER_ANIMATION_SECONDS,
  DRAWER_WIDTH,
  DRAWER_WIDTH_LARGE,
  HEADER_SEARCH_SCROLL_OFFSET,
  HTTP_RETRY_COUNT,
  NAV_SEARCH_DROPDOWN_WIDTH,
  PASSWORD_MIN_LENGTH,
  POPUP_HOVER_CLOSE_DELAY_SECONDS,
  POPUP_MAX_WIDTH,
  PRIVILEGED_TRANSACTIONS_LIMIT,
  PROJECT_PICKER_HEIGHT,
  RESEND_COOLDOWN_SECONDS,
  SEARCH_KEYWORD_MIN_LENGTH,
  SEARCH_LOADING_ROWS,
  SURVEY_EXPERTISE_TYPES,
  SURVEY_INSTITUTION_TYPES,
  SURVEY_LAST_NOTIFICATION_KEY,
  SURVEY_REMINDER_INTERVAL_MS,
  SURVEY_USER_TYPES,
  TEMP_WATCHLIST_ID,
  TOUR,
  WATCHLIST_NAME_MAX_LENGTH,
} from '@/lib/constants';
import { formatRank } from '@/lib/utils';

describe('the business constants of SPEC §9', () => {
  it('give the resend confirmation button a 60 second cooldown', () => {
    expect(RESEND_COOLDOWN_SECONDS).toBe(60);
  });

  it('make verification and reset codes 6 characters long', () => {
    expect(CODE_LENGTH).toBe(6);
  });

  it('require passwords of at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('limit watchlist names to 20 characters, default to My Watchlist and use temp as the placeholder id', () => {
    expect(WATCHLIST_NAME_MAX_LENGTH).toBe(20);
    expect(DEFAULT_WATCHLIST_NAME).toBe('My Watchlist');
    expect(TEMP_WATCHLIST_ID).toBe('temp');
  });

  it('remind about the survey every 7 days, stored under survey-last-notification-time', () => {
    expect(SURVEY_REMINDER_INTERVAL_MS).toBe(604800000);
    expect(SURVEY_REMINDER_INTERVAL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(SURVEY_LAST_NOTIFICATION_KEY).toBe('survey-last-notification-time');
  });

  it('search once the keyword has 2 characters, showing 5 loading rows meanwhile', () => {
    expect(SEARCH_KEYWORD_MIN_LENGTH).toBe(2);
    expect(SEARCH_LOADING_ROWS).toBe(5);
  });

  it('size the navigation dropdown 252, the project picker 300 and the add-project list 256', () => {
    expect(NAV_SEARCH_DROPDOWN_WIDTH).toBe(252);
    expect(PROJECT_PICKER_HEIGHT).toBe(300);
    expect(ADD_PROJECT_LIST_HEIGHT).toBe(256);
  });

  it('show the header search 70 px before the end of the banner', () => {
    expect(HEADER_SEARCH_SCROLL_OFFSET).toBe(70);
  });

  it('change the avatar cache key each minute', () => {
    expect(AVATAR_CACHE_KEY_PERIOD_MS).toBe(60_000);
  });

  it('retry 3 times, ask for the top 10 and 20 privileged transactions by default', () => {
    expect(HTTP_RETRY_COUNT).toBe(3);
    expect(DEFAULT_TOP_COUNT).toBe(10);
    expect(PRIVILEGED_TRANSACTIONS_LIMIT).toBe(20);
  });

  it('open drawers 378 px wide, or 736 px when large, over 0.3 s', () => {
    expect(DRAWER_WIDTH).toBe(378);
    expect(DRAWER_WIDTH_LARGE).toBe(736);
    expect(DRAWER_ANIMATION_SECONDS).toBe(0.3);
  });

  it('scroll the tour for 300 ms with offset 20 and spotlight padding 2', () => {
    expect(TOUR.scrollDurationMs).toBe(300);
    expect(TOUR.scrollOffset).toBe(20);
    expect(TOUR.spotlightPadding).toBe(2);
  });

  it('spread the 332 px tour progress bar over the steps minus 3', () => {
    expect(TOUR.progressBarWidth).toBe(332);
    expect(TOUR.progressStepsOffset).toBe(3);
  });

  it('make tour tooltips 290 px wide, or 380 px when the window is over 480 px', () => {
    expect(TOUR.tooltipWidth).toBe(290);
    expect(TOUR.tooltipWidthWide).toBe(380);
    expect(TOUR.wideWindowMinWidth).toBe(480);
  });

  it('keep popups at most 300 px wide and close them 0.4 s after hover ends', () => {
    expect(POPUP_MAX_WIDTH).toBe(300);
    expect(POPUP_HOVER_CLOSE_DELAY_SECONDS).toBe(0.4);
  });

  it('offer the survey choices in the order the spec lists them', () => {
    expect(SURVEY_USER_TYPES).toEqual(['Retail Investor', 'Institution']);
    expect(SURVEY_EXPERTISE_TYPES).toEqual(['Beginner', 'Competent', 'Proficient', 'Expert']);
    expect(SURVEY_INSTITUTION_TYPES).toEqual(['VC/Hedge fund', 'Blockchain Security', 'Exchange', 'Project Owner']);
  });
});

describe('formatRank', () => {
  it('shows a rank as #rank', () => {
    expect(formatRank(12)).toBe('#12');
    expect(formatRank(1)).toBe('#1');
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows N/A when the rank is %s', (rank) => {
    expect(formatRank(rank)).toBe('N/A');
  });
});
