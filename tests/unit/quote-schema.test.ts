import { describe, expect, it } from 'vitest';

import { QUOTE_MESSAGES } from '@/lib/messages/quote';
import { quoteRequestSchema } from '@/lib/schemas/quote';

import { VALID_QUOTE } from '../fixtures/quote';

const valid = VALID_QUOTE;

/** The messages the schema gives for one field of input. */
function messagesFor(input: unknown, field: string): string[] {
  const result = quoteRequestSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

function withField(field: string, value: unknown): Record<string, unknown> {
  return { ...valid, [field]: value };
}

function withoutField(field: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...valid };
  delete copy[field];
  return copy;
}

describe('quoteRequestSchema', () => {
  it('accepts a valid request', () => {
    expect(quoteRequestSchema.parse(valid)).toEqual(valid);
  });

  it('trims every text field', () => {
    const parsed = quoteRequestSchema.parse({
      ...valid,
      name: '  Ada Lovelace ',
      email: ' ada@example.com ',
      company: '\tAnalytical Engines\n',
      website: ' https://example.com ',
      message: `  ${valid.message}  `,
    });
    expect(parsed).toEqual(valid);
  });

  it('stores an empty or missing website as null', () => {
    expect(quoteRequestSchema.parse(withField('website', '')).website).toBeNull();
    expect(quoteRequestSchema.parse(withField('website', '   ')).website).toBeNull();
    expect(quoteRequestSchema.parse(withoutField('website')).website).toBeNull();
  });

  it('removes duplicate services, keeping their order', () => {
    const parsed = quoteRequestSchema.parse(withField('services', ['pentest', 'skynet', 'pentest', 'skynet']));
    expect(parsed.services).toEqual(['pentest', 'skynet']);
  });

  it('accepts the longest allowed values', () => {
    const parsed = quoteRequestSchema.safeParse({ ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) });
    expect(parsed.success).toBe(true);
  });

  it.each([
    ['name', 'string'],
    ['email', 'string'],
    ['company', 'string'],
    ['services', 'array'],
    ['message', 'string'],
  ])('refuses a request without %s, saying a %s is expected', (field, type) => {
    expect(messagesFor(withoutField(field), field)).toEqual([`Invalid input: expected ${type}, received undefined`]);
  });

  it.each([
    ['name', 42, 'string'],
    ['email', ['ada@example.com'], 'string'],
    ['company', null, 'string'],
    ['website', 7, 'string'],
    ['services', 'skynet', 'array'],
    ['message', { text: 'hello there, friends' }, 'string'],
  ])('refuses a %s of the wrong type %j, saying a %s is expected', (field, value, type) => {
    expect(messagesFor(withField(field, value), field)).toContainEqual(expect.stringMatching(`^Invalid input: expected ${type}, received`));
  });

  it.each([
    ['name', '   ', QUOTE_MESSAGES.nameRequired],
    ['name', 'n'.repeat(101), QUOTE_MESSAGES.nameTooLong],
    ['email', 'ada@', QUOTE_MESSAGES.emailInvalid],
    ['email', 'not an email', QUOTE_MESSAGES.emailInvalid],
    ['email', `${'a'.repeat(250)}@b.co`, QUOTE_MESSAGES.emailTooLong],
    ['company', '', QUOTE_MESSAGES.companyRequired],
    ['company', 'c'.repeat(121), QUOTE_MESSAGES.companyTooLong],
    ['website', 'example.com', QUOTE_MESSAGES.websiteInvalid],
    ['website', 'javascript:alert(1)', QUOTE_MESSAGES.websiteInvalid],
    ['website', 'ftp://example.com', QUOTE_MESSAGES.websiteInvalid],
    ['website', `https://example.com/${'p'.repeat(300)}`, QUOTE_MESSAGES.websiteTooLong],
    ['services', [], QUOTE_MESSAGES.serviceRequired],
    ['services', ['security-audit', 'lawn-mowing'], QUOTE_MESSAGES.serviceUnknown],
    ['message', 'too short', QUOTE_MESSAGES.messageTooShort],
    ['message', 'm'.repeat(5001), QUOTE_MESSAGES.messageTooLong],
  ])('refuses a %s of %j with its message', (field, value, message) => {
    expect(messagesFor(withField(field, value), field)).toContain(message);
  });

  it('counts the message length after trimming', () => {
    expect(messagesFor(withField('message', `   short   `), 'message')).toEqual([QUOTE_MESSAGES.messageTooShort]);
  });
});
