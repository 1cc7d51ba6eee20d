import type { PartType } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { listPartTypes } from '../repositories/part-types-repository';

export async function getPartTypes(db: Database): Promise<PartType[]> {
  return listPartTypes(db);
}
