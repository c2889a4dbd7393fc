import { describe, expect, it } from 'vitest';

import {
  AUTH_MESSAGES,
  CHROME_TEXTS,
  SEARCH_TEXTS,
  SERVER_ERROR_PAGE,
  SESSION_ERROR_CODES,
  TOUR_MESSAGES,
  WATCHLIST_MESSAGES,
} from '@/lib/messages';

// Every expected string below is copied verbatim from SPEC.md (§2, §4, §5, §6 and §8).

describe('the auth messages', () => {
  it('match the validation texts of SPEC §5', () => {
    expect(AUTH_MESSAGES.invalidEmail).toBe('Invalid email.');
    expect(AUTH_MESSAGES.passwordRequirements).toBe('Password does not meet the requirements.');
    expect(AUTH_MESSAGES.emailRequired).toBe('Please input your email address');
    expect(AUTH_MESSAGES.passwordRequired).toBe('Please input your password');
    expect(AUTH_MESSAGES.resetCodeRequired).toBe('Reset code is required');
    expect(AUTH_MESSAGES.verificationCodeRequired).toBe('Please input your verification code');
    expect(AUTH_MESSAGES.verifyEmailRequired).toBe('Please enter your email');
  });

  it('match the error and success texts of SPEC §8', () => {
    expect(AUTH_MESSAGES.loginMismatch).toBe('Email and password do not match. Please try again.');
    expect(AUTH_MESSAGES.unknown).toBe('An unknown error has occurred. Please try again later.');
    expect(AUTH_MESSAGES.emailTaken).toBe('This email has been taken.');
    expect(AUTH_MESSAGES.attemptLimit).toBe('Attempt limit exceeded, please try after some time.');
    expect(AUTH_MESSAGES.resetCodeInvalid).toBe('Invalid code provided, please request a code again.');
    expect(AUTH_MESSAGES.verificationCodeInvalid).toBe('Incorrect or expired verification code');
    expect(AUTH_MESSAGES.emailVerified).toBe('Your email has been verified.');
    expect(AUTH_MESSAGES.signedOut).toBe('Signed out successfully.');
    expect(AUTH_MESSAGES.signOutFailed).toBe('Something went wrong.');
  });

  it('say which address a confirmation code was sent to', () => {
    expect(AUTH_MESSAGES.confirmationSent('a@b.co')).toBe('Confirmation code was sent to a@b.co.');
  });

  it('say which address is not awaiting authorization', () => {
    expect(AUTH_MESSAGES.notAwaitingAuthorization('a@b.co')).toBe('Email a@b.co is not awaiting authorization.');
  });
});

describe('the watchlist messages', () => {
  it('name the watchlist that was created', () => {
    expect(WATCHLIST_MESSAGES.created('X')).toBe('Successfully created watchlist X.');
  });

  it('match the watchlist texts of SPEC §2, §5, §6 and §8', () => {
    expect(WATCHLIST_MESSAGES.createFailed).toBe('Unable to create watchlist.');
    expect(WATCHLIST_MESSAGES.renamed).toBe('Successfully renamed watch list.');
    expect(WATCHLIST_MESSAGES.renameFailed).toBe('Unable to rename watchlist.');
    expect(WATCHLIST_MESSAGES.deleted).toBe('Successfully deleted watch list.');
    expect(WATCHLIST_MESSAGES.deleteFailed).toBe('Unable to delete watchlist.');
    expect(WATCHLIST_MESSAGES.projectAdded).toBe('The project is successfully added');
    expect(WATCHLIST_MESSAGES.projectRemoved).toBe('The project is successfully removed');
    expect(WATCHLIST_MESSAGES.updateFailed).toBe('Unable to update watchlist.');
    expect(WATCHLIST_MESSAGES.generic).toBe('Something went wrong');
    expect(WATCHLIST_MESSAGES.nameUsed).toBe('The name is already used');
    expect(WATCHLIST_MESSAGES.nameTooLong).toBe('Watchlist name cannot exceed 20 characters.');
    expect(WATCHLIST_MESSAGES.loginRequired).toBe('Please login to add projects to your watchlist.');
  });
});

describe('the page texts', () => {
  it('give the server error page the texts of SPEC §2', () => {
    expect(SERVER_ERROR_PAGE).toEqual({
      heading: 'Oops',
      subheading: 'Sorry, something went wrong.',
      text: 'Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.',
      backToHome: 'Back to Homepage',
    });
  });

  it('give the tour the skip question, its buttons and the missing-target logs of SPEC §4 and §8', () => {
    expect(TOUR_MESSAGES).toEqual({
      skipQuestion: 'Do you want to skip?',
      skipYes: 'Yes, skip',
      skipNo: 'No, maybe later',
      targetNotMounted: 'Target not mounted',
      targetNotVisible: 'Target not visible',
    });
  });

  it('give the search box its placeholders and trending headings of SPEC §2', () => {
    expect(SEARCH_TEXTS).toEqual({
      mainPlaceholder: 'Search Project by Name / Token',
      navPlaceholder: 'Search project',
      trendingSearch: 'Trending Search',
      trendingProjects: 'Trending Projects',
      resultsLabel: 'Search results',
      noResults: 'No projects found.',
      unavailable: 'Search is unavailable. Please try again.',
      addProjectsLabel: 'Search projects to add',
      addProjectsPlaceholder: 'Search project (2+ characters)',
      typeMore: 'Type at least 2 characters.',
    });
  });

  it('give the header, cookie banner and watchlist list their labels of SPEC §2', () => {
    expect(CHROME_TEXTS).toEqual({
      quoteModalTitle: 'Protect Your Project Today',
      requestQuote: 'Request a Quote',
      logIn: 'Log In',
      signUp: 'Sign Up',
      acceptCookies: 'I Accept',
      addProjects: 'Add Projects',
    });
  });

  it('list the session mechanism error codes of SPEC §8', () => {
    expect(SESSION_ERROR_CODES).toEqual([
      'MISSING_NEXTAUTH_API_ROUTE_ERROR',
      'NO_SECRET',
      'CALLBACK_CREDENTIALS_HANDLER_ERROR',
      'EMAIL_REQUIRES_ADAPTER_ERROR',
      'CALLBACK_CREDENTIALS_JWT_ERROR',
    ]);
  });
});
