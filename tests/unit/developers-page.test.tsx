import { describe, expect, it } from 'vitest';

import DevelopersPage from '@/app/(site)/developers/page';
import { API_CHANGELOG } from '@/lib/api-changelog';
import { apiV1Document } from '@/server/api-v1/openapi';
import { describeSchema } from '@/server/api-v1/reference';
import { LIMITS } from '@/server/rate-limit';

import { createTestRoot } from '../support/render';

const root = createTestRoot();

describe('the /developers reference', () => {
  it('renders every operation of the OpenAPI document with its parameters and answers', async () => {
    await root.render(<DevelopersPage />);
    const headings = [...root.container.querySelectorAll('h4')].map((heading) => heading.textContent);
    expect(headings).toEqual(Object.keys(apiV1Document.paths).map((path) => `GET ${path}`));
    const projects = root.container.querySelector('#get-projects')!.closest('section')!;
    const parameters = [...projects.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent);
    expect(parameters).toEqual(expect.arrayContaining(['ids', 'grade', 'sort', 'limit', 'cursor', 'format']));
    expect(projects.textContent).toContain('429');
    expect(projects.textContent).toContain('text/csv');
  });

  it('states the rates, the headers, the stability promise and the changelog', async () => {
    await root.render(<DevelopersPage />);
    const text = root.container.textContent ?? '';
    expect(text).toContain(`"anon";q=${LIMITS['api-anon-ip'].points};w=${LIMITS['api-anon-ip'].duration}`);
    expect(text).toContain(`${LIMITS['api-key'].points} requests per`);
    expect(text).toContain('Nothing is renamed, retyped or removed');
    for (const change of API_CHANGELOG[0].changes) expect(text).toContain(change);
  });

  it('describes a parameter’s schema in a few words', () => {
    expect(describeSchema({ enum: ['a', 'b'] })).toBe('one of: a, b');
    expect(describeSchema({ type: 'string', format: 'date-time' })).toBe('string (date-time)');
    expect(describeSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
  });
});
