import { canModerate, type AuthUser } from '../auth/auth-user';
import { forbidden, notFound } from '../errors';

/** Who may see and change a battlestation (decisions 5-7): the owner and staff (admins, moderators). */

export const STATION_MESSAGES = {
  notFound: "This battlestation doesn't exist.",
  notYours: 'Only the owner of this battlestation can change it.',
} as const;

interface StationOwnership {
  user_id: string;
  is_public: boolean;
}

export function isOwnerOrStaff(user: AuthUser | null | undefined, station: StationOwnership): boolean {
  return Boolean(user && (user.uid === station.user_id || canModerate(user)));
}

/** A private station is seen only by its owner and staff; to anyone else it does not exist. */
export function canSeeStation(user: AuthUser | null | undefined, station: StationOwnership): boolean {
  return station.is_public || isOwnerOrStaff(user, station);
}

/** 404 when missing or hidden from the caller (its existence is not revealed), else returns it. */
export function assertVisible<T extends StationOwnership>(user: AuthUser | null | undefined, station: T | undefined): T {
  if (!station || !canSeeStation(user, station)) throw notFound(STATION_MESSAGES.notFound);
  return station;
}

/** 404 as above; 403 when the caller sees it but is neither the owner nor staff. */
export function assertEditable<T extends StationOwnership>(user: AuthUser, station: T | undefined): T {
  const visible = assertVisible(user, station);
  if (!isOwnerOrStaff(user, visible)) throw forbidden(STATION_MESSAGES.notYours);
  return visible;
}
