import { describe, expect, it } from 'vitest';

import {
  contractAddressQuerySchema,
  metricByTimestampsQuerySchema,
  privilegedTransactionQuerySchema,
  socialActivityQuerySchema,
  socialActivityRowSchema,
  topQuerySchema,
} from '@/lib/schemas/skynet';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the Skynet query schemas', () => {
  it('default count to 10 and limit to 20', () => {
    expect(topQuerySchema.parse({ projectId: 'bitcoin' })).toEqual({ projectId: 'bitcoin', count: 10 });
    expect(privilegedTransactionQuerySchema.parse({ address: `0x${'A'.repeat(40)}` })).toEqual({ address: `0x${'a'.repeat(40)}`, limit: 20 });
  });

  it.each(['0', '-1', '101', '1e2', '10.5', 'ten', '99999999999999999999', ' 5'])('refuse count %j', (count) => {
    expect(issue(topQuerySchema.safeParse({ projectId: 'bitcoin', count }))).toBe('count must be a whole number from 1 to 100');
  });

  it('accept counts from 1 to 100', () => {
    expect(topQuerySchema.parse({ projectId: 'bitcoin', count: '100' }).count).toBe(100);
    expect(topQuerySchema.parse({ projectId: 'bitcoin', count: '1' }).count).toBe(1);
  });

  it('refuse bad limits, project ids and addresses', () => {
    expect(issue(privilegedTransactionQuerySchema.safeParse({ address: `0x${'a'.repeat(40)}`, limit: '-3' }))).toContain('limit must be a whole number');
    expect(issue(topQuerySchema.safeParse({ projectId: 'Bit Coin' }))).toBe('projectId is not a project id');
    expect(issue(topQuerySchema.safeParse({}))).toBe('projectId is required');
    for (const address of ['0x123', `0x${'g'.repeat(40)}`, 'a'.repeat(42), '']) {
      expect(issue(contractAddressQuerySchema.safeParse({ address }))).toBe('address must be 0x followed by 40 hexadecimal digits');
    }
  });

  it('parse timestamps and refuse bad ones', () => {
    expect(metricByTimestampsQuerySchema.parse({ name: 'm(a=1)', timestamps: '1700000000,1700086400' }).timestamps).toEqual([1700000000, 1700086400]);
    expect(issue(metricByTimestampsQuerySchema.safeParse({ name: 'm', timestamps: '17000,abc' }))).toContain("'abc' is not a unix time in seconds");
    expect(issue(metricByTimestampsQuerySchema.safeParse({ name: 'm', timestamps: '' }))).toContain('must list 1 to 100');
    expect(issue(metricByTimestampsQuerySchema.safeParse({ name: 'm', timestamps: Array(101).fill('1').join(',') }))).toContain('must list 1 to 100');
    expect(issue(metricByTimestampsQuerySchema.safeParse({ name: 'm(', timestamps: '1' }))).toContain('bad metric name');
  });

  it('parse dates and refuse impossible ones', () => {
    expect(socialActivityQuerySchema.parse({ projectId: 'bitcoin', type: 'tweets', dates: '2026-10-01,2026-10-02' }).dates).toEqual(['2026-10-01', '2026-10-02']);
    for (const dates of ['2026-02-30', '2026-1-01', 'yesterday', '2026-10-01,']) {
      expect(issue(socialActivityQuerySchema.safeParse({ projectId: 'bitcoin', type: 'tweets', dates }))).toContain('is not a date as YYYY-MM-DD');
    }
    expect(issue(socialActivityQuerySchema.safeParse({ projectId: 'bitcoin', type: 'Tweets!', dates: '2026-10-01' }))).toContain('type must be');
  });

  it('check imported social rows', () => {
    expect(socialActivityRowSchema.parse({ projectId: 'bitcoin', type: 'tweets', date: '2026-10-01', value: '12' }).value).toBe(12);
    expect(socialActivityRowSchema.safeParse({ projectId: 'bitcoin', type: 'tweets', date: '2026-10-01', value: '-1' }).success).toBe(false);
  });
});
