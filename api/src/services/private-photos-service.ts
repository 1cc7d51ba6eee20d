import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { findStationOfImage } from '../repositories/battlestation-media-repository';
import { stationImageKey, type Storage } from '../storage/storage';
import { isOwnerOrStaff } from './battlestation-access';

/** A photo file name as we write them: `{32 hex}.{jpg|png}`, optionally `_thumb` or a width copy (`_w480`). */
const PHOTO_FILE = /^([0-9a-f]{32})(_thumb|_w\d{3,4})?\.(jpg|png)$/;

export interface PrivatePhoto {
  bytes: Buffer;
  contentType: string;
}

/**
 * A private station's photo for who may see the station (its owner and staff, decision 7); 404 for anyone
 * else and for a public station's photo (those are served at their public URL), so nothing is revealed.
 */
export async function readPrivatePhoto(deps: { db: Database; storage: Storage }, user: AuthUser | null | undefined, file: string): Promise<PrivatePhoto> {
  const match = PHOTO_FILE.exec(file);
  if (!match) throw notFound();
  const station = await findStationOfImage(deps.db, `${match[1]}.${match[3]}`);
  if (!station || station.is_public || !isOwnerOrStaff(user, station)) throw notFound();
  const bytes = await deps.storage.get(stationImageKey(file, true));
  if (!bytes) throw notFound();
  return { bytes, contentType: match[3] === 'png' ? 'image/png' : 'image/jpeg' };
}
