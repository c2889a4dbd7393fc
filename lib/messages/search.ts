// The project search box (SPEC §2).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

export const SEARCH_TEXTS = {
  mainPlaceholder: 'Search Project by Name / Token',
  navPlaceholder: 'Search project',
  trendingSearch: 'Trending Search',
  trendingProjects: 'Trending Projects',
  resultsLabel: 'Search results',
  noResults: 'No projects found.',
  unavailable: 'Search is unavailable. Please try again.',
  addProjectsLabel: 'Search projects to add',
  addProjectsPlaceholder: 'Search project (2+ characters)',
  typeMore: 'Type at least 2 characters.',
} as const;
