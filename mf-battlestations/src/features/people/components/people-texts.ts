import type { MemberResponse } from '@battledeck/shared/contract';

/** The people page's texts (SPEC has none for it but the not-found title, 'Error', as other pages use). */
export const PEOPLE_MESSAGES = {
  notFound: "We're sorry. This member doesn't exist.",
  notFoundTitle: 'User not found',
  loadError: "Sorry, we were unable to load this member's battlestations. Please try again later.",
  browse: 'Browse all battlestations',
  empty: (username: string) => `${username} hasn't shared any public battlestations yet.`,
} as const;

/** The page's meta description (the browser sets it, the server writes it into the head). */
export function memberDescription(member: Pick<MemberResponse, 'username' | 'station_count'>): string {
  const count = `${member.station_count} public battlestation${member.station_count === 1 ? '' : 's'}`;
  return `${member.username} on Battledeck: ${count}, with photos and part lists.`;
}
