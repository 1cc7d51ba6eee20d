import { userPath } from '@battledeck/shared/format';
import type { PageHead } from '@battledeck/shared/remote';
import { pageHref } from '@battledeck/shared/ui';
import type { QueryClient } from '@tanstack/react-query';
import { memberNameOf, memberPageOf, memberQueryOptions } from './api/get-member';
import { memberDescription, PEOPLE_MESSAGES } from './components/people-texts';

/**
 * A people page on the server (ADR 012): the member's data for the render, and its head; an unknown name is
 * rendered too, as the not-found page with a 404 status.
 */
export async function prefetchMember(path: string, search: URLSearchParams, queryClient: QueryClient): Promise<PageHead> {
  const username = memberNameOf(path);
  const member = username ? await queryClient.fetchQuery(memberQueryOptions(username, memberPageOf(search))) : null;
  if (!member) return { title: PEOPLE_MESSAGES.notFoundTitle, status: 404 };
  return { title: member.username, description: memberDescription(member), canonical: pageHref(userPath(member.username), '', memberPageOf(search)) };
}
