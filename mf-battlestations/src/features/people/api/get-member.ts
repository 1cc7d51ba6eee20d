import { ApiError, apiRequest, queryKeys } from '@battledeck/shared/api';
import type { MemberResponse } from '@battledeck/shared/contract';
import { PAGE_NUMBER_MAX } from '@battledeck/shared/plain-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /users/by-name/{username}: a member's public stations and the favorites they received (SPEC decision 29).
 * An unknown name is null, not an error: the page says so, on the server (with a 404) as in the browser.
 */
export async function getMember(username: string, pageNumber: number, signal?: AbortSignal): Promise<MemberResponse | null> {
  const page = pageNumber > 1 ? `?pageNumber=${pageNumber}` : '';
  try {
    return await apiRequest<MemberResponse>(`/users/by-name/${encodeURIComponent(username)}${page}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under 'battlestations': every station write and favorite invalidates it, as it does the lists. */
export function memberQueryOptions(username: string, pageNumber: number) {
  return queryOptions({
    queryKey: [...queryKeys.battlestations.all, 'member', username, pageNumber] as const,
    queryFn: ({ signal }) => getMember(username, pageNumber, signal),
  });
}

/**
 * The member's name from the page's path below /users as it arrives, still percent-encoded (`/Desk%20Maker`),
 * decoded once, here, on the server and in the browser alike. The router's own decoding differs between the
 * two and turns an encoded '/' of a name (`gamer1%2F`) into the path's trailing slash; only a literal
 * trailing '/' is the path's. '' names nobody.
 */
export function memberNameOf(encodedPath: string): string {
  const name = encodedPath.replace(/^\//, '').replace(/\/$/, '');
  try {
    return decodeURIComponent(name);
  } catch {
    return '';
  }
}

/** The encoded path below the page's first segment: `/users/Desk%20Maker` → `/Desk%20Maker`. */
export const pathBelowMount = (pathname: string) => pathname.replace(/^\/[^/]*/, '');

/** The page asked for in the URL's `pageNumber` (1 when absent or not a page number). */
export function memberPageOf(search: URLSearchParams): number {
  const page = Number(search.get('pageNumber') ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= PAGE_NUMBER_MAX ? page : 1;
}

export function useMember(username: string, pageNumber: number) {
  return useQuery({ ...memberQueryOptions(username, pageNumber), enabled: username !== '' });
}
