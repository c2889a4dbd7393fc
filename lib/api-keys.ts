/** API keys for the public API (issue #19): their limits and the texts of the Settings section. */

/** Live (unrevoked) keys one user may hold: enough for a few apps and environments, few enough to audit. */
export const API_KEYS_PER_USER_MAX = 10;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Every key starts so, which lets secret scanners and people recognise one. */
export const API_KEY_PREFIX = 'ssk_';
/** What Settings shows of a key: the prefix and the first characters after it. */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 8;

/** A key as Settings lists it; never the key itself, which is shown once at creation. */
export type ApiKeyItem = { id: string; name: string; displayPrefix: string; createdAt: string; lastUsedAt: string | null };

export const API_KEY_MESSAGES = {
  title: 'API keys',
  intro: 'Keys for the public API raise your rate limit. A key is shown once, when you create it; we keep only its hash.',
  docsLink: 'API reference',
  empty: 'You have no API keys.',
  listLabel: 'Your API keys',
  nameLabel: 'Key name',
  nameRequired: 'Give the key a name.',
  nameTooLong: `The name may be at most ${API_KEY_NAME_MAX_LENGTH} characters.`,
  create: 'Create key',
  creating: 'Creating…',
  created: 'API key created.',
  tooMany: `You have ${API_KEYS_PER_USER_MAX} keys, the most allowed: revoke one to create another.`,
  keyTitle: 'Your new API key',
  keyOnce: 'Copy it now: it will not be shown again.',
  copy: 'Copy key',
  copied: 'Key copied.',
  dismissKey: 'Done',
  columns: { name: 'Name', prefix: 'Key', created: 'Created', lastUsed: 'Last used' },
  neverUsed: 'Never',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke the key ${name}`,
  revokeQuestion: 'Revoke this key? Apps using it will be refused at once.',
  confirmRevoke: 'Revoke key',
  cancel: 'Cancel',
  revoked: 'API key revoked.',
  notFound: 'That key does not exist.',
} as const;

/** A stored time as people read it, in UTC so server and browser agree. */
export function formatKeyTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}
