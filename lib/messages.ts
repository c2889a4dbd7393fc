/** The message catalogue of SPEC §5 and §8: every user-visible string the spec gives, verbatim. */

export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email.',
  passwordRequirements: 'Password does not meet the requirements.',
  emailRequired: 'Please input your email address',
  passwordRequired: 'Please input your password',
  resetCodeRequired: 'Reset code is required',
  verificationCodeRequired: 'Please input your verification code',
  verifyEmailRequired: 'Please enter your email',
  loginMismatch: 'Email and password do not match. Please try again.',
  unknown: 'An unknown error has occurred. Please try again later.',
  emailTaken: 'This email has been taken.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  resetCodeInvalid: 'Invalid code provided, please request a code again.',
  verificationCodeInvalid: 'Incorrect or expired verification code',
  notAwaitingAuthorization: (email: string) => `Email ${email} is not awaiting authorization.`,
  emailVerified: 'Your email has been verified.',
  confirmationSent: (email: string) => `Confirmation code was sent to ${email}.`,
  passwordReset: 'Your password has been changed.',
  signedOut: 'Signed out successfully.',
  signOutFailed: 'Something went wrong.',
} as const;

export const WATCHLIST_MESSAGES = {
  created: (name: string) => `Successfully created watchlist ${name}.`,
  createFailed: 'Unable to create watchlist.',
  renamed: 'Successfully renamed watch list.',
  renameFailed: 'Unable to rename watchlist.',
  deleted: 'Successfully deleted watch list.',
  deleteFailed: 'Unable to delete watchlist.',
  projectAdded: 'The project is successfully added',
  projectRemoved: 'The project is successfully removed',
  updateFailed: 'Unable to update watchlist.',
  generic: 'Something went wrong',
  nameUsed: 'The name is already used',
  nameTooLong: 'Watchlist name cannot exceed 20 characters.',
  loginRequired: 'Please login to add projects to your watchlist.',
} as const;

export const SERVER_ERROR_PAGE = {
  heading: 'Oops',
  subheading: 'Sorry, something went wrong.',
  text: 'Server Error 500. We apologize and are fixing the problem. Please try again at a later stage.',
  backToHome: 'Back to Homepage',
} as const;

export const TOUR_MESSAGES = {
  skipQuestion: 'Do you want to skip?',
  skipYes: 'Yes, skip',
  skipNo: 'No, maybe later',
  targetNotMounted: 'Target not mounted',
  targetNotVisible: 'Target not visible',
} as const;

export const SEARCH_TEXTS = {
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
} as const;

export const CHROME_TEXTS = {
  quoteModalTitle: 'Protect Your Project Today',
  requestQuote: 'Request a Quote',
  logIn: 'Log In',
  signUp: 'Sign Up',
  acceptCookies: 'I Accept',
  addProjects: 'Add Projects',
} as const;

/** Session mechanism (Auth.js) error codes named by SPEC §8. */
export const SESSION_ERROR_CODES = [
  'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  'NO_SECRET',
  'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  'EMAIL_REQUIRES_ADAPTER_ERROR',
  'CALLBACK_CREDENTIALS_JWT_ERROR',
] as const;

/** Account settings (the spec gives none of these texts; ours, kept here so tests import the same strings). */
/** Thanks for what a visitor sends: a vote, an incident report, a quote request. */
export const FEEDBACK_MESSAGES = {
  voteCounted: 'Thanks, your vote is counted.',
  incidentReported: 'Thank you. Our analysts will review your report.',
  quoteRequested: 'Thank you. Our team will contact you within one business day.',
} as const;

export const SETTINGS_MESSAGES = {
  usernameInvalid: 'Use 3 to 30 characters: letters, digits, hyphens or underscores, starting with a letter or digit.',
  usernameTaken: 'This username is already taken.',
  usernameSaved: 'Your username has been updated.',
  avatarWrongType: 'Choose a PNG, JPEG or WebP picture.',
  avatarTooLarge: 'The picture must be at most 1 MB.',
  avatarSaved: 'Your profile picture has been updated.',
  avatarFailed: 'Unable to save your profile picture.',
  walletInvalid: 'Enter a valid EVM address (0x followed by 40 hex digits, with a correct checksum).',
  walletDuplicate: 'This wallet is already added.',
  walletLimit: 'You can add at most 20 wallets.',
  walletAdded: 'Wallet added.',
  currentPasswordRequired: 'Please input your current password',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordsDiffer: 'The new passwords do not match.',
  passwordUnchanged: 'The new password must differ from the current one.',
  passwordChanged: 'Your password has been changed. Every other device has been signed out.',
  signedOutEverywhere: 'Every other device has been signed out.',
} as const;
