import type { Database, DatabaseHandle } from '../db/database';
import { part_types, users } from '../db/schema';
import { writeSeed, type SeedDeps, type SeedSummary } from './seed-database';
import type { SeedImageOptions } from './seed-images';
import { buildSeedPlan } from './seed-plan';

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.user_id }).from(users).limit(1);
  const [anyType] = await db.select({ id: part_types.type_id }).from(part_types).limit(1);
  return !anyUser && !anyType;
}

/**
 * Seeds the demo data when the database holds no users and no part types. Under a cluster-wide lock,
 * so two instances starting together on one server seed once.
 */
export async function seedIfEmpty(
  deps: SeedDeps & { database: DatabaseHandle },
  imageOptions?: SeedImageOptions,
): Promise<SeedSummary | undefined> {
  return deps.database.withLock('battledeck:seed', async () => {
    if (!(await isDatabaseEmpty(deps.db))) return undefined;
    deps.log.info('empty database: loading the demo data');
    const summary = await writeSeed(deps, buildSeedPlan(), imageOptions);
    deps.log.info(summary, 'demo data loaded');
    return summary;
  });
}
