import { MEMBER_STATIONS_PAGE_SIZE, type MemberResponse } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { MESSAGES, notFound } from '../errors';
import { toIso } from '../lib/timestamps';
import { findMemberByName, listMemberStations, memberTotals } from '../repositories/members-repository';
import { toBattlestationCard } from './battlestation-cards';

/**
 * GET /users/by-name/{username}: a member's people page for anyone (SPEC decision 29). Only public stations
 * are listed and counted, whoever asks (decision 7): the page is the same for every visitor.
 */
export async function getMember(db: Database, username: string, pageNumber: number): Promise<MemberResponse> {
  // Names are stored NFKC-normalised and trimmed (decision 27): a link written another way still finds them.
  const member = await findMemberByName(db, username.normalize('NFKC').trim());
  if (!member) throw notFound(MESSAGES.userNotFound);
  const totals = await memberTotals(db, member.user_id);
  const offset = (pageNumber - 1) * MEMBER_STATIONS_PAGE_SIZE;
  const rows = offset < totals.station_count ? await listMemberStations(db, member.user_id, offset, MEMBER_STATIONS_PAGE_SIZE) : [];
  return {
    username: member.username,
    joined_date: toIso(member.created_date),
    ...totals,
    battlestations: rows.map(toBattlestationCard),
  };
}
