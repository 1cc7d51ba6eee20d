/** '1 Part' / '3 Parts'. */
export function countLabel(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Instagram/Reddit links are stored without a scheme and shown with https:// (decision 10). */
export function externalHref(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}

/** A member's people page (SPEC decision 29): where every "by: username" links. */
export function userPath(username: string): string {
  return `/users/${encodeURIComponent(username)}`;
}
