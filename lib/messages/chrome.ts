// The site's frame: header and menus, the server error page, and thanks for what a visitor sends.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

export const SERVER_ERROR_PAGE = {
  heading: 'Oops',
  subheading: 'Sorry, something went wrong.',
  text: 'Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.',
  backToHome: 'Back to Homepage',
  tryAgain: 'Try again',
} as const;

export const CHROME_TEXTS = {
  quoteModalTitle: 'Protect Your Project Today',
  requestQuote: 'Request a Quote',
  logIn: 'Log In',
  signUp: 'Sign Up',
  acceptCookies: 'I Accept',
  addProjects: 'Add Projects',
} as const;

/** Thanks for what a visitor sends: a vote, an incident report, a quote request. */
export const FEEDBACK_MESSAGES = {
  voteCounted: 'Thanks, your vote is counted.',
  voteFailed: 'Your vote could not be saved. Please try again.',
  incidentReported: 'Thank you. Our analysts will review your report.',
  incidentFailed: 'Your report could not be sent. Please check the form.',
  quoteRequested: 'Thank you. Our team will contact you within one business day.',
  quoteFailed: 'Something went wrong. Please try again.',
} as const;
