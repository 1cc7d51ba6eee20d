/** The product's name, written once (SPEC: {brand}/{product}). */
export const BRAND = 'Battledeck';
export const TAGLINE = 'Share and explore amazing spaces for work, gaming, and life.';
export const SOCIAL_LINK = 'https://www.reddit.com/r/battlestations/';
export const COPYRIGHT_YEAR = 2023;

/** '{page} | Battledeck'. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${BRAND}` : BRAND;
}
