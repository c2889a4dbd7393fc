import { describe, expect, it } from 'vitest';

import { pageContentSecurityPolicy, type SecurityHeaderInput } from '@/lib/security-headers';

const base: SecurityHeaderInput = {
  siteUrl: 'https://sentinel.example',
  posthogHost: null,
  imageCdnUrl: null,
  avatarBaseUrl: null,
  quoteFormEmbedUrl: null,
  googleSignIn: false,
  development: false,
};

const imgSrc = (input: SecurityHeaderInput) => pageContentSecurityPolicy(input).split('; ').find((directive) => directive.startsWith('img-src '))!;

describe('the pages’ image sources', () => {
  it('admit the staff files bucket (project logos are shown from it) only when it is configured', () => {
    expect(imgSrc({ ...base, filesBaseUrl: 'https://files.example-bucket.net/uploads/' })).toContain(' https://files.example-bucket.net');
    expect(imgSrc(base)).not.toContain('example-bucket');
  });
});
