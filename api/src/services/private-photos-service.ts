import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { contentTypeOf } from '../images/image-names';
import { findStationOfImage } from '../repositories/battlestation-media-repository';
import { stationImageKey, type Storage } from '../storage/storage';
import { isOwnerOrStaff } from './battlestation-access';

/** A photo file name as we write them: `{32 hex}.{jpg|png}`, its `_thumb`, or a width copy (`_w480.webp`). */
const PHOTO_FILE = /^([0-9a-f]{32})(?:(_thumb)?\.(jpg|png)|_w\d{3,4}\.webp)$/;

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
  // A width copy's name does not say whether its photo is a .jpg or a .png.
  const photos = match[3] ? [`${match[1]}.${match[3]}`] : [`${match[1]}.jpg`, `${match[1]}.png`];
  const station = await findStationOfImage(deps.db, photos);
  if (!station || station.is_public || !isOwnerOrStaff(user, station)) throw notFound();
  const bytes = await deps.storage.get(stationImageKey(file, true));
  if (!bytes) throw notFound();
  return { bytes, contentType: contentTypeOf(file) };
}
