import { describe, expect, it } from 'vitest';

import { formatMetricName, MetricNameError, parseMetricName } from '@/lib/skynet/metric-name';

describe('metric names', () => {
  it('parse a name with labels into its canonical series, labels sorted', () => {
    expect(parseMetricName('exchanges(projectId=bitcoin)')).toEqual({ name: 'exchanges', labels: { projectId: 'bitcoin' }, series: 'exchanges(projectId=bitcoin)' });
    expect(parseMetricName('calls(projectId=x,contract=0xAb)').series).toBe('calls(contract=0xAb,projectId=x)');
    expect(parseMetricName('transactions')).toEqual({ name: 'transactions', labels: {}, series: 'transactions' });
  });

  it('format labels in key order', () => {
    expect(formatMetricName('m', { b: '2', a: '1' })).toBe('m(a=1,b=2)');
  });

  it.each([
    ['', 'empty'],
    ['exchanges(', "end with ')'"],
    ['exchanges()', 'empty label list'],
    ['exchanges(projectId)', 'not key=value'],
    ['exchanges(projectId=)', 'bad value'],
    ['exchanges(projectId=a,projectId=b)', 'appears twice'],
    ['exchanges(project id=a)', 'not a label key'],
    ['exchanges (projectId=a)', 'not a metric name'],
    ['1exchanges', 'not a metric name'],
    ['exchanges(projectId=a b)', 'bad value'],
    ['exchanges(projectId=a))', 'bad value'],
    ['x'.repeat(600), 'longer than'],
    [`m(${Array.from({ length: 9 }, (_, i) => `k${i}=v`).join(',')})`, 'at most 8 labels'],
  ])('refuse %j (%s)', (input, message) => {
    expect(() => parseMetricName(input)).toThrow(MetricNameError);
    expect(() => parseMetricName(input)).toThrow(message);
  });
});
