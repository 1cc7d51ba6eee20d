import { signInWithPassword } from '../../../src/dev/auth-emulator';
import { openPostgres } from '../../../src/db/postgres';
import { randomImageName } from '../../../src/images/image-names';
import { insertBattlestationImages, insertBattlestationParts, insertBattlestations } from '../../../src/repositories/battlestations-repository';
import { insertParts, type PartRow } from '../../../src/repositories/catalogue-repository';
import { refreshBattlestationDerived, refreshPartCounts } from '../../../src/repositories/derived-columns-repository';
import { insertPartTypes } from '../../../src/repositories/part-types-repository';
import { uniqueEmail, uniqueSuffix } from '../../helpers/emulator-accounts';

export interface RegisteredUser {
  uid: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

/** Registers through the running API (POST /api/users/, the real flow) and signs in at the Auth emulator. */
export async function registerThroughApi(baseUrl: string): Promise<RegisteredUser> {
  const username = `rel_${uniqueSuffix()}`;
  const email = uniqueEmail('reliability');
  const password = 'reliability-pass-1';
  const response = await fetch(`${baseUrl}/api/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password, confirmPassword: password }),
  });
  if (!response.ok) throw new Error(`Registration answered ${response.status}: ${await response.text()}`);
  const { user_id: uid } = (await response.json()) as { user_id: string };
  const { idToken } = await signInWithPassword(email, password);
  return { uid, username, email, password, token: idToken };
}

/**
 * A small catalogue written straight into the database the API uses: a part type, `parts` parts and
 * `stations` public stations of `ownerUid` (photo names only; no files are needed to list them).
 */
export async function writeCatalogue(databaseUrl: string, ownerUid: string, counts: { parts: number; stations: number }): Promise<PartRow[]> {
  const handle = openPostgres({ url: databaseUrl, poolSize: 2, statementTimeoutMs: 0, onPoolError: () => undefined });
  try {
    const db = handle.db;
    const suffix = uniqueSuffix();
    const [type] = await insertPartTypes(db, [{ type_name: `Type ${suffix}`, type_path: `type-${suffix}` }]);
    const parts = await insertParts(
      db,
      Array.from({ length: counts.parts }, (_, i) => ({ name: `Part ${i} ${suffix}`, type_id: type.type_id, manufacturer: 'Acme', image: randomImageName('jpg') })),
    );
    if (counts.stations > 0) {
      const stations = await insertBattlestations(
        db,
        Array.from({ length: counts.stations }, (_, i) => ({ user_id: ownerUid, name: `Desk ${i} ${suffix}`, description: 'A desk under test.', is_public: true })),
      );
      const ids = stations.map((s) => s.battlestation_id);
      await insertBattlestationImages(db, ids.map((id) => ({ battlestation_id: id, image: randomImageName('jpg'), display_order: 0, width: 1600, height: 1000 })));
      await insertBattlestationParts(db, ids.map((id, i) => ({ battlestation_id: id, part_id: parts[i % parts.length].part_id })));
      await refreshBattlestationDerived(db, ids);
      await refreshPartCounts(db, parts.map((p) => p.part_id));
    }
    return parts;
  } finally {
    await handle.close();
  }
}
