import { describe, expect, it, vi } from 'vitest';

import { ScoreHistory, type ScoreHistoryEntry } from '@/components/project/score-history';
import { ScoreCard } from '@/components/project/score-card';
import { gradeFor, PILLARS, scoreOfEntries, type SignalEntries } from '@/lib/score';

import { createTestRoot } from '../support/render';

// The chart library is loaded lazily in the browser; here a marker shows where the chart goes and what it was given.
vi.mock('@/components/project/score-history-lazy', () => ({
  LazyScoreHistoryChart: ({ points }: { points: { score: number }[] }) => <div data-testid="chart">{points.map((point) => point.score).join(' ')}</div>,
}));

const root = createTestRoot();

const point = (day: string, score: number, note: string, isDemo = false): ScoreHistoryEntry => ({
  recordedAt: new Date(`${day}T12:00:00Z`),
  score,
  grade: gradeFor(score).grade,
  methodologyVersion: '1.0',
  note,
  isDemo,
});

const tableRows = () => [...root.container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('ScoreHistory', () => {
  it('shows what changed last, the chart, and the same points as a table, newest first', async () => {
    await root.render(<ScoreHistory points={[point('2026-05-01', 62.4, ''), point('2026-09-15', 81.25, 'Critical findings resolved')]} />);
    expect(root.container.textContent).toContain('What changed on 15 Sept 2026: Critical findings resolved');
    expect(root.container.querySelector('[data-testid="chart"]')?.textContent).toBe('62.4 81.25');
    expect(root.container.querySelector('summary')?.textContent).toBe('Show the history as a table');
    expect(tableRows()).toEqual([
      ['15 Sept 2026', '81.2', 'A', 'v1.0', 'Critical findings resolved'],
      ['1 May 2026', '62.4', 'CCC', 'v1.0', 'Not stated'],
    ]);
  });

  it('labels generated points as demo data, and needs no chart for a single point', async () => {
    await root.render(<ScoreHistory points={[point('2026-11-01', 70, '', true)]} />);
    expect(root.container.textContent).toContain('Generated for the demo');
    expect(root.container.textContent).toContain('Demo data: points marked as demo were generated');
    expect(root.container.querySelector('[data-testid="chart"]')).toBeNull();
    expect(root.container.querySelector('details')?.open).toBe(true);
  });

  it('shows nothing without points', async () => {
    await root.render(<ScoreHistory points={[]} />);
    expect(root.container.innerHTML).toBe('');
  });
});

describe('ScoreCard', () => {
  it('says "Not assessed" for a signal staff left unassessed, and the figure for the others', async () => {
    const entries: SignalEntries = Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, 60]))]));
    entries.codeSecurity.bugBounty = null;
    const { score, pillars } = scoreOfEntries(entries);
    await root.render(<ScoreCard score={score} grade={gradeFor(score).grade} tone={gradeFor(score).tone} pillars={pillars} methodologyVersion="1.0" updatedAt={null} isDemo={false} />);
    const signal = (label: string) => [...root.container.querySelectorAll('dt')].find((term) => term.textContent === label)?.nextElementSibling?.textContent;
    expect(signal('Active bug bounty')).toBe('Not assessed');
    expect(signal('Audit coverage of deployed contracts')).toBe('60');
  });
});
