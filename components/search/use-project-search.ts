'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

import { SEARCH_KEYWORD_MIN_LENGTH } from '@/lib/constants';
import { loadHttp } from '@/lib/load-http';
import type { SearchResult } from '@/lib/search';

/** Typing pauses this long before a search is sent, so each keystroke does not cost a request. */
export const SEARCH_DEBOUNCE_MS = 150;

/** A finished search: the results, or 'failed' when the request did not succeed. */
type Answer = { query: string; results: SearchResult[] | 'failed' };

const searchProjects = async (keyword: string, signal?: AbortSignal) => (await loadHttp()).get<SearchResult[]>('/api/search-project', { query: { keyword }, signal });

export type ProjectSearchState = {
  /** The keyword without surrounding spaces. */
  query: string;
  /** True once the keyword is long enough to search; below that the trending list is shown. */
  searching: boolean;
  /** The results for the current keyword (or the trending list); null until they arrive. */
  results: SearchResult[] | null;
  /** Waiting for the results the current keyword (or the trending list) needs. */
  loading: boolean;
  /** The last request for the current keyword (or the trending list) failed. */
  failed: boolean;
  /** Loads the trending list once (again after a failure); call it when the box gets focus. */
  loadTrending: () => void;
};

/**
 * The one search behind every project search box (header, survey, add-projects list, incident report): the keyword is
 * searched 150 ms after typing stops, an answer for an older keyword is dropped, and under the minimum length the
 * trending list (loaded on demand) stands in for the results.
 */
export function useProjectSearch(keyword: string): ProjectSearchState {
  const query = keyword.trim();
  const searching = query.length >= SEARCH_KEYWORD_MIN_LENGTH;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [trending, setTrending] = useState<SearchResult[] | 'failed' | null>(null);
  const trendingRequested = useRef(false);

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchProjects(query, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setAnswer({ query, results });
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ query, results: 'failed' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query, searching]);

  const loadTrending = useCallback(() => {
    if (trendingRequested.current) return;
    trendingRequested.current = true;
    searchProjects('').then(setTrending, () => {
      // Another focus tries again.
      trendingRequested.current = false;
      setTrending('failed');
    });
  }, []);

  const current = searching ? (answer?.query === query ? answer.results : null) : trending;
  const failed = current === 'failed';
  const results = current === 'failed' ? null : current;
  return { query, searching, results, loading: results === null && !failed, failed, loadTrending };
}
