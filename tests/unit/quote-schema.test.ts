import { describe, expect, it } from 'vitest';

import { quoteRequestSchema } from '@/lib/schemas/quote';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  website: 'https://example.com',
  services: ['security-audit', 'skynet'],
  message: 'We need an audit of our lending protocol before launch.',
};

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
    ['name', '   ', 'Please enter your name.'],
    ['name', 'n'.repeat(101), 'Name cannot exceed 100 characters.'],
    ['email', 'ada@', 'Please enter a valid work email.'],
    ['email', 'not an email', 'Please enter a valid work email.'],
    ['email', `${'a'.repeat(250)}@b.co`, 'Email cannot exceed 254 characters.'],
    ['company', '', 'Please enter your company or project.'],
    ['company', 'c'.repeat(121), 'Company cannot exceed 120 characters.'],
    ['website', 'example.com', 'Please enter a full URL, like https://example.com.'],
    ['website', 'javascript:alert(1)', 'Please enter a full URL, like https://example.com.'],
    ['website', 'ftp://example.com', 'Please enter a full URL, like https://example.com.'],
    ['website', `https://example.com/${'p'.repeat(300)}`, 'Website cannot exceed 300 characters.'],
    ['services', [], 'Choose at least one service.'],
    ['services', ['security-audit', 'lawn-mowing'], 'Unknown service.'],
    ['message', 'too short', 'Tell us a little about your project (at least 10 characters).'],
    ['message', 'm'.repeat(5001), 'Message cannot exceed 5000 characters.'],
  ])('refuses a %s of %j with its message', (field, value, message) => {
    expect(messagesFor(withField(field, value), field)).toContain(message);
  });

  it('counts the message length after trimming', () => {
    expect(messagesFor(withField('message', `   short   `), 'message')).toEqual([
      'Tell us a little about your project (at least 10 characters).',
    ]);
  });
});
