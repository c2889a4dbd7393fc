// The Request a Quote form.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

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
