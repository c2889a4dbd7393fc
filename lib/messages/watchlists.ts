// Watchlists: the stars, the tabs and their dialogs (SPEC §5).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

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
