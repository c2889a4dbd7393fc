import { describe, expect, it } from 'vitest';

import { GradeBadge } from '@/components/project/grade-badge';
import { ScoreCard } from '@/components/project/score-card';
import { PROJECT_TEXTS } from '@/lib/messages/project';

import { createTestRoot } from '../support/render';

/*
 * DEMO_DATA=off starts with no generated figures (tests/integration/staff-projects.test.ts): a project nobody has
 * scored has no score row, and wherever its score would be shown it reads "Not yet assessed", with no figure.
 */

const root = createTestRoot();

describe('a project without a score', () => {
  it('reads "Not yet assessed" on its score card, with no figures and no demo label', async () => {
    await root.render(<ScoreCard score={null} grade={null} tone={null} pillars={null} methodologyVersion={null} updatedAt={null} isDemo={false} />);
    const text = root.container.textContent ?? '';
    expect(PROJECT_TEXTS.notYetAssessed).toBe('Not yet assessed');
    expect(text).toContain('Not yet assessed');
    expect(text).not.toMatch(/\d/);
    expect(text).not.toMatch(/demo/i);
  });

  it('reads "Not yet assessed" where lists show its grade', async () => {
    await root.render(<GradeBadge grade={null} tone={null} score={null} size="lg" />);
    expect(root.container.textContent).toBe('Not yet assessed');
  });
});
