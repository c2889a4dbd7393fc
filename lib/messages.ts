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
  voteFailed: 'Your vote could not be saved. Please try again.',
  incidentReported: 'Thank you. Our analysts will review your report.',
  incidentFailed: 'Your report could not be sent. Please check the form.',
  quoteRequested: 'Thank you. Our team will contact you within one business day.',
  quoteFailed: 'Something went wrong. Please try again.',
} as const;

/** The Report Incident dialog. */
export const INCIDENT_TEXTS = {
  open: 'Report Incident',
  title: 'Report an incident',
  description: 'Seen an exploit, a rug pull or a phishing site? Tell us and our analysts will look into it.',
  project: 'Project',
  chooseAnotherProject: 'Choose another project',
  projectRequired: 'Choose the project the incident is about.',
  whatHappened: 'What happened?',
  links: 'Links (transactions, posts), one per line',
  contact: 'How can we reach you? (optional)',
  send: 'Send report',
  sending: 'Sending…',
} as const;

/** The Request a Quote form's refusals (lib/schemas/quote). */
export const QUOTE_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Name cannot exceed 100 characters.',
  emailTooLong: 'Email cannot exceed 254 characters.',
  emailInvalid: 'Please enter a valid work email.',
  companyRequired: 'Please enter your company or project.',
  companyTooLong: 'Company cannot exceed 120 characters.',
  websiteTooLong: 'Website cannot exceed 300 characters.',
  websiteInvalid: 'Please enter a full URL, like https://example.com.',
  serviceUnknown: 'Unknown service.',
  tooManyServices: 'Too many services.',
  serviceRequired: 'Choose at least one service.',
  messageTooShort: 'Tell us a little about your project (at least 10 characters).',
  messageTooLong: 'Message cannot exceed 5000 characters.',
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

/** What the public pages say of a project that has no score: staff have not assessed it yet. */
export const PROJECT_TEXTS = {
  notYetAssessed: 'Not yet assessed',
  scoreNotYetAssessed: 'Our analysts have not assessed this project yet.',
} as const;

/** The staff console's own texts (issue #15). */
export const STAFF_MESSAGES = {
  notFound: 'Not found.',
  wrongCode: 'That code is not right. Enter the current 6-digit code from your authenticator app, or a recovery code.',
  alreadyEnrolled: 'Your second factor is already set up.',
  tooManyTries: 'Too many wrong codes. Wait a few minutes and try again.',
  saved: 'Saved.',
  published: 'Published.',
  reasonRequired: 'Say why this published alert is corrected (at least 3 characters): the reason is shown publicly.',
  projectIdTaken: 'Another project already uses this slug.',
  unknownProject: 'There is no project with this slug.',
  // Console uploads (logos, report PDFs).
  uploadKindInvalid: 'Say what the file is: kind=logo or kind=report.',
  uploadTooLarge: (megabytes: number) => `The file is too large: upload at most ${megabytes} MB.`,
  uploadFailed: 'The file could not be uploaded. Try again.',
  // Projects (console form, list and refusals).
  projectNameRequired: "Enter the project's name.",
  projectNameTooLong: 'The name cannot exceed 200 characters.',
  projectSlugInvalid:
    "The slug is the project's address (/projects/slug): lower-case letters, digits and hyphens, starting with a letter or digit, at most 100 characters.",
  tickerInvalid: (ticker: string) => `Tickers are letters and digits, with . $ _ - allowed (at most 20 characters), separated by commas; this one is not: ${ticker}`,
  tooManyTickers: 'List at most 10 tickers.',
  logoInvalid: 'Upload the logo again: this picture was not stored by the console.',
  categoryTooLong: 'The category cannot exceed 60 characters.',
  chainInvalid: (chain: string) => `A chain's name has 1 to 40 letters, digits, spaces, dots or hyphens; this one does not: ${chain}`,
  tooManyChains: 'Choose at most 20 chains.',
  websiteInvalid: 'Enter the website as a full https:// address, or leave it empty.',
  socialNetworkRequired: 'Name the network of each social link (X, Telegram, GitHub…), at most 40 characters.',
  socialUrlInvalid: 'Each social link must be a full https:// address.',
  tooManySocials: 'Add at most 10 social links.',
  projectDescriptionTooLong: 'The description cannot exceed 5000 characters.',
  contractChainRequired: 'Choose the chain of each contract.',
  contractChainNotListed: (chain: string) => `Tick ${chain} among the project's chains first, or choose another chain.`,
  evmAddressInvalid: 'Enter a 0x address of 40 hex digits; an address in mixed case must match its checksum.',
  contractAddressInvalid: 'Enter the contract address as the chain writes it: 16 to 120 letters, digits, or : _ . -',
  contractDuplicate: 'This contract is already listed above.',
  tooManyContracts: 'List at most 50 contracts.',
  auditStatusRequired: 'Choose the audit status.',
  projectCreated: 'Project created: it is public and searchable now.',
  projectSaved: 'Project saved.',
  projectHidden: 'Project hidden: its page answers 404 and it is gone from every public list and search.',
  projectShown: 'Project shown: its page, lists and search have it again.',
  projectAlreadyHidden: 'This project is already hidden.',
  projectAlreadyVisible: 'This project is already shown.',
  // Audits, alerts and incident reports (console forms, refusals, the reporter's outcome mail).
  dayInvalid: 'Enter a date as YYYY-MM-DD.',
  auditProjectRequired: 'Choose the audited project.',
  auditorRequired: 'Name the auditor.',
  auditorTooLong: "The auditor's name cannot exceed 200 characters.",
  auditPublishedOnRequired: 'Enter the date the report was published.',
  auditEndsBeforeStart: 'The audit cannot end before it started.',
  auditScopeRequired: 'Describe the scope of the audit.',
  auditScopeTooLong: 'The scope cannot exceed 2000 characters.',
  auditSourceRefTooLong: 'The source reference cannot exceed 300 characters.',
  findingTitleRequired: 'Give each finding a title.',
  findingTitleTooLong: "A finding's title cannot exceed 300 characters.",
  findingSeverityRequired: "Choose the finding's severity.",
  findingStatusRequired: "Choose the finding's status.",
  tooManyFindings: 'An audit can list at most 500 findings.',
  reportFileInvalid: 'Upload the report as a PDF.',
  auditNotFound: 'There is no audit with this id.',
  auditAlreadyPublished: 'This audit is already published.',
  alertTitleRequired: 'Give the alert a title.',
  alertTitleTooLong: 'The title cannot exceed 200 characters.',
  alertTypeRequired: 'Choose the type of incident.',
  alertDateRequired: 'Enter the date of the incident.',
  alertDateInFuture: 'The incident cannot be dated in the future.',
  alertChainTooLong: 'The chain cannot exceed 60 characters.',
  amountInvalid: 'Enter an amount in US dollars, such as 1250000 or 1250000.50.',
  amountReturnedTooHigh: 'The amount returned cannot exceed the amount lost.',
  techniqueTooLong: 'The technique cannot exceed 200 characters.',
  sourceLinkRequired: 'Add at least one source link.',
  sourceLinkInvalid: (link: string) => `Each source link must be a full https:// address (one per line); this one is not: ${link}`,
  tooManySourceLinks: 'Add at most 10 source links.',
  confidenceRequired: 'Choose how sure the alert is.',
  alertProjectInvalid: 'Choose the project from the list, or leave it empty.',
  alertDescriptionTooLong: 'The description cannot exceed 5000 characters.',
  reasonTooLong: 'The reason cannot exceed 1000 characters.',
  alertNotFound: 'There is no alert with this id.',
  alertAlreadyPublished: 'This alert is already published.',
  alertPublishedCorrectInstead: 'This alert is published: correct it with a reason instead.',
  alertDraftEditInstead: 'This alert is still a draft: edit it instead of correcting it.',
  nothingChanged: 'Nothing was changed.',
  correctionSaved: "Correction saved. It is shown in the alert's public correction log.",
  rejectReasonRequired: 'Say why the report is rejected (at least 3 characters): the reporter is told.',
  duplicateAlertRequired: 'Choose the alert this report repeats.',
  reportNotFound: 'There is no incident report with this id.',
  reportAlreadyDecided: 'This report has already been decided; a decision cannot be changed.',
  reportApproved: 'Approved: a draft alert was created from the report.',
  reportRejected: 'Report rejected.',
  reportMarkedDuplicate: 'Report marked as a duplicate.',
  reportMailSubject: (project: string) => `Your incident report about ${project}`,
  reportApprovedMail: (project: string) => `Thank you for your report about ${project}. Our analysts confirmed it and are preparing a security alert.`,
  reportRejectedMail: (project: string, reason: string) => [`We reviewed your report about ${project} and will not publish an alert for it.`, `Reason: ${reason}`],
  reportDuplicateMail: (project: string) => `Thank you for your report about ${project}. It describes an incident we already track.`,
  reportAlertLink: 'Read the alert',
  // Scores, quote requests, staff members and the audit log.
  signalInvalid: 'Enter a whole number from 0 to 100, or leave it empty when the signal was not assessed.',
  scoreNoteRequired: 'Say what changed and why (at least 3 characters): it is shown on the project page.',
  scoreNoteTooLong: 'What changed cannot exceed 1000 characters.',
  scoreUnchanged: 'No signal changed, so the score stays as it is.',
  scoreSaved: 'Score saved: the project page shows it and its history now.',
  quoteNotFound: 'There is no quote request with this id.',
  quoteStatusRequired: 'Choose a status.',
  quoteOwnerInvalid: 'Choose an owner from the list, or nobody.',
  quoteNotesTooLong: 'Notes cannot exceed 10000 characters.',
  quoteSaved: 'Quote request saved.',
  quoteNotifySubject: (company: string) => `New quote request from ${company}`,
  quoteNotifyIntro: (name: string, email: string) => `${name} (${email}) asked for a quote.`,
  quoteNotifyLink: 'Open it in the staff console',
  memberNotFound: 'This person is not on the staff.',
  roleRequired: 'Choose a role.',
  memberEmailInvalid: 'Enter a valid email address.',
  ownRoleUnchangeable: 'You cannot change your own role: ask another admin.',
  selfRemovalRefused: 'You cannot remove yourself from the staff: ask another admin.',
  ownFactorResetRefused: 'You cannot reset your own second factor here: ask another admin.',
  lastAdminStays: 'The staff must keep at least one admin.',
  roleChanged: 'Role changed.',
  memberRemoved: 'Removed from the staff.',
  factorReset: 'Second factor reset: they set up a new one on their next visit to the console.',
  invitationGranted: 'That account has the role now; a mail tells them.',
  invitationSent: 'Invitation sent: the role is theirs once they sign up with that address and open the console.',
  invitationUnchanged: 'That account already has this role.',
  invitationRevoked: 'Invitation revoked.',
  invitationClosed: 'That invitation is no longer open.',
} as const;

/** The bell in the header and /my/notifications (issue #16). */
export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  /** The bell's accessible name: the bare title when nothing is unread. */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  intro: 'Alerts published on the projects in your watchlists.',
  empty: 'No notifications yet. Watch projects to hear about their alerts.',
  goToWatchlists: 'Go to your watchlists',
  unread: 'Unread',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  allMarkedRead: 'All notifications are marked as read.',
  notFound: 'Notification not found.',
  /** Settings: how alerts arrive by mail. */
  emailSettingTitle: 'Alert e-mails',
  emailSettingIntro: 'When a security alert is published on a project in your watchlists, the bell shows it. You can also have it mailed to you.',
  emailChoiceLabels: { immediate: 'Immediately, one e-mail per alert', digest: 'Once a day, one digest of the day\'s alerts', off: 'Off' },
  emailSettingSaved: 'Your alert e-mail choice is saved.',
  /** The page an unsubscribe link in an alert mail opens (no sign-in needed). */
  unsubscribeTitle: 'Stop alert e-mails',
  unsubscribeQuestion: (email: string) => `Stop the alert e-mails sent to ${email}?`,
  unsubscribeButton: 'Stop alert e-mails',
  unsubscribed: 'Done: no more alert e-mails will be sent to this address. You can turn them on again in Settings.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
} as const;

/** The project page's Skynet section (issue #16, "History first"). */
export const SKYNET_MESSAGES = {
  /** From which block a watched contract's figures count; both starts when its transactions are scanned from later. */
  figuresFrom: (fromBlock: number, transactionsFromBlock: number) =>
    transactionsFromBlock > fromBlock
      ? `Events count from block ${fromBlock}; transactions from block ${transactionsFromBlock}.`
      : `Figures count from block ${fromBlock}.`,
} as const;
