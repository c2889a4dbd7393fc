import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { drawnNearScreen, WhenNearScreen } from '@/components/charts/when-near-screen';

import { createTestRoot } from '../support/render';

// jsdom has no IntersectionObserver: a stand-in that lets the test say when the placeholder comes near the screen.
type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; options: IntersectionObserverInit | undefined; disconnect: ReturnType<typeof vi.fn> }[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      disconnect = vi.fn();
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        observers.push({ callback, options, disconnect: this.disconnect });
      }
      observe() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const root = createTestRoot();

describe('WhenNearScreen (charts drawn when a reader reaches them)', () => {
  it('shows the skeleton until its place comes within the margin of the screen, then the chart for good', async () => {
    await root.render(
      <WhenNearScreen fallback={<p>skeleton</p>}>
        <p>chart</p>
      </WhenNearScreen>,
    );
    expect(root.container.textContent).toBe('skeleton');
    expect(observers).toHaveLength(1);
    expect(observers[0].options?.rootMargin).toBe('300px');

    await act(async () => observers[0].callback([{ isIntersecting: false }]));
    expect(root.container.textContent).toBe('skeleton');

    await act(async () => observers[0].callback([{ isIntersecting: true }]));
    expect(root.container.textContent).toBe('chart');
    expect(observers[0].disconnect).toHaveBeenCalled();
    expect(observers).toHaveLength(1);
  });

  it('wraps a chart component so it takes the same props and is drawn only near the screen', async () => {
    const Chart = ({ label }: { label: string }) => <p>{label}</p>;
    const NearScreenChart = drawnNearScreen(Chart, <p>skeleton</p>);
    await root.render(<NearScreenChart label="bars" />);
    expect(root.container.textContent).toBe('skeleton');
    await act(async () => observers[0].callback([{ isIntersecting: true }]));
    expect(root.container.textContent).toBe('bars');
    expect(NearScreenChart.displayName).toBe('NearScreen(Chart)');
  });
});
