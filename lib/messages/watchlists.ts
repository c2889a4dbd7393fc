// Watchlists: the stars, the tabs and their dialogs (SPEC §5).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

import { WATCHLIST_STAR_TEXTS } from './watchlist-star';

export const WATCHLIST_MESSAGES = {
  ...WATCHLIST_STAR_TEXTS,
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
} as const;
