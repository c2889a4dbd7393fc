/**
 * Metric names of Skynet's series: `name` or `name(label=value,…)`, e.g. `exchanges(projectId=bitcoin)`.
 * Parsed strictly (no spaces, no duplicate or empty labels) so one series has exactly one spelling: labels are
 * sorted in the canonical form that the database keys on.
 */
export type MetricName = { name: string; labels: Record<string, string>; series: string };

const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const LABEL_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const LABEL_VALUE = /^[A-Za-z0-9_.:-]{1,128}$/;
const MAX_LABELS = 8;
export const METRIC_NAME_MAX_LENGTH = 512;

export class MetricNameError extends Error {
  name = 'MetricNameError';
}

/** The canonical spelling of a series: its name, then its labels sorted by key. */
export function formatMetricName(name: string, labels: Record<string, string> = {}): string {
  const keys = Object.keys(labels).sort();
  return keys.length ? `${name}(${keys.map((key) => `${key}=${labels[key]}`).join(',')})` : name;
}

/** Parses `name(label=value,…)`; throws MetricNameError saying what is wrong. */
export function parseMetricName(input: string): MetricName {
  if (input.length === 0) throw new MetricNameError('name is empty');
  if (input.length > METRIC_NAME_MAX_LENGTH) throw new MetricNameError(`name is longer than ${METRIC_NAME_MAX_LENGTH} characters`);
  const open = input.indexOf('(');
  const name = open === -1 ? input : input.slice(0, open);
  if (!NAME.test(name)) throw new MetricNameError(`'${name}' is not a metric name (a letter, then letters, digits, '_', '.' or '-')`);
  const labels: Record<string, string> = {};
  if (open !== -1) {
    if (!input.endsWith(')')) throw new MetricNameError("labels must end with ')'");
    const body = input.slice(open + 1, -1);
    if (body.length === 0) throw new MetricNameError("empty label list '()'");
    const pairs = body.split(',');
    if (pairs.length > MAX_LABELS) throw new MetricNameError(`at most ${MAX_LABELS} labels`);
    for (const pair of pairs) {
      const equals = pair.indexOf('=');
      if (equals === -1) throw new MetricNameError(`label '${pair}' is not key=value`);
      const key = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (!LABEL_KEY.test(key)) throw new MetricNameError(`'${key}' is not a label key`);
      if (!LABEL_VALUE.test(value)) throw new MetricNameError(`label ${key} has a bad value '${value}'`);
      if (Object.hasOwn(labels, key)) throw new MetricNameError(`label ${key} appears twice`);
      labels[key] = value;
    }
  }
  return { name, labels, series: formatMetricName(name, labels) };
}
