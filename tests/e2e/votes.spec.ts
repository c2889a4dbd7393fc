import { type APIRequestContext } from '@playwright/test';

import { FEEDBACK_MESSAGES } from '../../lib/messages/chrome';
import { expect, test } from './support/auth';
import { openReady, visitPublicPages } from './support/public-pages';

visitPublicPages();

/** A project nobody has voted on yet, so this test's vote is its only one (also on a retry). */
async function unvotedProject(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const candidates = (await (await request.get('/api/search-project?keyword=coin')).json()) as { id: string; name: string }[];
  for (const candidate of candidates.reverse()) {
    const reply = (await (await request.get(`/api/projects/average-yes-percentage?id=${candidate.id}`)).json()) as { votes: number };
    if (reply.votes === 0) return candidate;
  }
  throw new Error('no project without votes');
}

test.describe('votes', () => {
  test('Yes then No: the project shows 100.0% then 0.0% with one vote, kept after a reload', async ({ page, request }) => {
    const project = await unvotedProject(request);
    await openReady(page, `/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
    const widget = page.getByRole('region', { name: 'Do you trust this project?' });
    const percentage = widget.getByTestId('project-yes-percentage');
    await expect(percentage).toHaveText('No votes yet');
    await expect(widget.getByText('0 votes', { exact: true })).toBeVisible();

    await widget.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.voteCounted)).toBeVisible();
    await expect(percentage).toHaveText('100.0%');
    await expect(widget.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await widget.getByRole('button', { name: 'No', exact: true }).click();
    await expect(percentage).toHaveText('0.0%');
    await expect(widget.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(percentage).toHaveText('0.0%');
    await expect(widget.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(widget.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute('aria-pressed', 'false');
  });
});
