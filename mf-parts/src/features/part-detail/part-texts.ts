/** The part page's texts (SPEC "Part detail", decision 22, letter for letter where the spec gives them). */
export const PART_TEXTS = {
  notFound: "We're sorry. This part doesn't exist or couldn't be loaded.",
  backToParts: 'Browse all parts',
  errorTitle: 'Error',
  whereToBuy: 'Where to Buy',
  noStores: 'No store links yet.',
  usedIn: 'Battlestations using this part',
  beTheFirst: 'Be the first to use this in a battlestation.',
  stationsError: 'Sorry, we were unable to load any battlestations. Please try again later.',
  newTab: '(opens in a new tab)',
  /** Beside a store link the link checker found failing (issue 20 item 5; STORE_LINK_MESSAGES.mayBeBroken). */
  mayBeBroken: 'Link may be broken',
  pairedTitle: 'Often paired with',
  pairedIntro: 'Parts that appear with this one in public battlestations more often than chance, by category.',
  pairedNone: 'Not enough battlestations list this part with others yet.',
  pairedError: 'Sorry, we were unable to load the parts paired with this one. Please try again later.',
} as const;

/** The page's meta description, naming the part. */
export function partDescription(part: { name: string; manufacturer: string; type_name: string }): string {
  return `${part.name} by ${part.manufacturer} (${part.type_name}): where to buy it and the battlestations that use it.`;
}
