import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SurveyFlow } from '@/components/survey/survey-flow';
import { TEMP_WATCHLIST_ID, WATCHLIST_NAME_MAX_LENGTH } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import { SURVEY_TEXTS } from '@/lib/survey';

import { buttonNamed as button, createTestRoot, typeInto } from '../support/render';

const { postMock, refreshMock, pushMock, lists } = vi.hoisted(() => ({
  postMock: vi.fn(),
  refreshMock: vi.fn(),
  pushMock: vi.fn(),
  lists: { current: [] as { id: string; name: string; projects: string[] }[] },
}));

vi.mock('@/lib/http', () => ({ http: { post: postMock } }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: pushMock }) }));
// The user's lists as the app-wide provider gives them (with the placeholder while there are none).
vi.mock('@/components/watchlist/watchlists-provider', () => ({
  useHasWatchlists: () => true,
  useRefreshWatchlists: () => refreshMock,
}));
vi.mock('@/components/watchlist/use-watchlists', () => ({
  useWatchlists: () => ({ lists: lists.current.length ? lists.current : [{ id: TEMP_WATCHLIST_ID, name: 'My Watchlist', projects: [] }] }),
}));
// The project picker is tested on its own; here it offers Bitcoin.
vi.mock('@/components/search/project-search', () => ({
  ProjectSearch: ({ onSelect }: { onSelect: (project: { id: string; name: string }) => void }) => (
    <button type="button" onClick={() => onSelect({ id: 'bitcoin', name: 'Bitcoin' })}>
      pick Bitcoin
    </button>
  ),
}));

const root = createTestRoot();
const onClose = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  lists.current = [];
  postMock.mockResolvedValue({ ok: true });
});

const radio = (name: string) => [...document.querySelectorAll('[role="radio"]')].find((element) => element.textContent === name) as HTMLElement;
const heading = () => document.querySelector('h2')?.textContent;
const nameInput = () => document.getElementById('survey-watchlist-name') as HTMLInputElement;
const press = (element: HTMLElement) => act(async () => element.click());

const type = (value: string) => typeInto(nameInput(), value);

/** Opens the survey as a modal and answers up to the watchlist-name step. */
async function reachNameStep() {
  await root.render(<SurveyFlow mode="first" startAs="modal" onClose={onClose} />);
  await press(button(SURVEY_TEXTS.letsStart));
  await press(radio('Retail Investor'));
  await press(button(SURVEY_TEXTS.next));
  await press(radio('Expert'));
  await press(button(SURVEY_TEXTS.next));
  await press(button('pick Bitcoin'));
  await press(button(SURVEY_TEXTS.next));
  expect(heading()).toBe(SURVEY_TEXTS.watchlistNameTitle);
}

describe("the survey's watchlist-name step", () => {
  it('keeps Next disabled for an empty or blank name', async () => {
    await reachNameStep();
    expect(button(SURVEY_TEXTS.next).disabled).toBe(true);
    await type('   ');
    expect(button(SURVEY_TEXTS.next).disabled).toBe(true);
    await type('My Coins');
    expect(button(SURVEY_TEXTS.next).disabled).toBe(false);
  });

  it('refuses a name over the limit with the spec message and stays on the step', async () => {
    await reachNameStep();
    await type('x'.repeat(WATCHLIST_NAME_MAX_LENGTH + 1));
    await press(button(SURVEY_TEXTS.next));
    expect(heading()).toBe(SURVEY_TEXTS.watchlistNameTitle);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(WATCHLIST_MESSAGES.nameTooLong);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the typed name across Back and Next, then uploads it trimmed and has the lists read again', async () => {
    await reachNameStep();
    await type('  My Coins ');
    await press(button(SURVEY_TEXTS.back));
    expect(heading()).toBe(SURVEY_TEXTS.projectsTitle);
    await press(button(SURVEY_TEXTS.next));
    expect(nameInput().value).toBe('  My Coins ');

    await press(button(SURVEY_TEXTS.next));
    expect(heading()).toBe(SURVEY_TEXTS.thankYouTitle);
    await press(button(SURVEY_TEXTS.done));
    expect(postMock).toHaveBeenCalledWith(
      '/api/user/survey/upload',
      { userType: 'Retail Investor', expertiseType: 'Expert', projects: ['bitcoin'], watchlistName: 'My Coins' },
      { retries: 0 },
    );
    expect(refreshMock).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is not asked of a user who already keeps a watchlist', async () => {
    lists.current = [{ id: '11111111-1111-4111-8111-111111111111', name: 'Existing', projects: ['ethereum'] }];
    await root.render(<SurveyFlow mode="reminder" startAs="modal" onClose={onClose} />);
    await press(button(SURVEY_TEXTS.letsStart));
    await press(radio('Retail Investor'));
    await press(button(SURVEY_TEXTS.next));
    await press(radio('Expert'));
    await press(button(SURVEY_TEXTS.next));
    expect(heading()).toBe(SURVEY_TEXTS.thankYouTitle);
    await press(button(SURVEY_TEXTS.done));
    expect(postMock).toHaveBeenCalledWith('/api/user/survey/upload', { userType: 'Retail Investor', expertiseType: 'Expert' }, { retries: 0 });
    expect(refreshMock).not.toHaveBeenCalled();
  });
});
