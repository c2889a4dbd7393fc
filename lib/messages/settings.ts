// Account settings.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

/** Account settings (the spec gives none of these texts; ours, kept here so tests import the same strings). */
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
