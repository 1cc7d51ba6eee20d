/** The catalogue's texts (SPEC "Parts browse", letter for letter). */
export const CATALOGUE_TEXTS = {
  all: 'All',
  loadError: 'Sorry, we were unable to load any parts. Please try again later.',
  empty: 'Sorry, no parts found that match your search.',
  categoriesError: 'Unable to load part categories.',
  categoriesLoading: 'Loading...',
  mostPopular: 'Most Popular',
  submitPart: 'Submit New Part',
} as const;

/** 'Browse {category or Parts}'. */
export function browseTitle(categoryName: string | undefined): string {
  return `Browse ${categoryName ?? 'Parts'}`;
}
