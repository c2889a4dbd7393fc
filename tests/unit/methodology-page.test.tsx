import { describe, expect, it } from 'vitest';

import MethodologyPage from '@/app/(site)/resources/methodology/page';
import { METHODOLOGY_HISTORY, METHODOLOGY_VERSION } from '@/lib/score';

import { createTestRoot } from '../support/render';

const root = createTestRoot();

describe('the methodology page', () => {
  it('keeps its version history: every version, newest (the one in force) first', async () => {
    await root.render(<MethodologyPage />);
    const heading = [...root.container.querySelectorAll('h2')].find((element) => element.textContent === 'Version history');
    const items = [...(heading?.nextElementSibling?.querySelectorAll('li') ?? [])].map((item) => item.textContent ?? '');
    expect(items).toHaveLength(METHODOLOGY_HISTORY.length);
    expect(items[0]).toContain(`Version ${METHODOLOGY_VERSION}`);
    METHODOLOGY_HISTORY.forEach((entry, index) => expect(items[index]).toContain(entry.changes));
  });
});
