import { describe, expect, it } from 'vitest';

import { ConfigError, parseConfig } from '@/server/config';

describe('METRICS_TOKEN', () => {
  it('is unset by default: /metrics then answers this machine only', () => {
    expect(parseConfig({}).metricsToken).toBeNull();
    expect(parseConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
  });

  it('is kept as given when it is at least 32 printable characters', () => {
    const token = 'f'.repeat(32);
    expect(parseConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it.each([
    ['too short', 'short-token', /^- METRICS_TOKEN: must be at least 32 characters/m],
    ['with a space', `${'a'.repeat(20)} ${'b'.repeat(20)}`, /^- METRICS_TOKEN: must be printable ASCII with no spaces/m],
  ])('stops the start naming the variable when it is %s', (_, value, message) => {
    expect(() => parseConfig({ METRICS_TOKEN: value })).toThrow(ConfigError);
    expect(() => parseConfig({ METRICS_TOKEN: value })).toThrow(message);
  });
});
