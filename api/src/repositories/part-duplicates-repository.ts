import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { part_requests, part_types, parts } from '../db/schema';
import { rowsOf } from '../db/rows';

/**
 * Existing parts that look like a name (decision 021), by pg_trgm on `parts.name` (its GIN index,
 * parts_name_trgm_idx): a part is a candidate when the whole names are alike (`%`, similarity) or when one
 * name is found, nearly as written, inside the other (`<%`, word similarity, both ways: 'MX Master 3S' in
 * 'Logitech MX Master 3S mouse', or what the user typed so far inside a longer name). Both operators are
 * served by the index; their thresholds are set per transaction.
 */

export interface Likeness {
  /** pg_trgm similarity of the whole names. */
  similarity: number;
  /** Word similarity, either way round. */
  wordSimilarity: number;
}

/** While a user types a name: loose, the user picks. */
export const SUGGESTION_LIKENESS: Likeness = { similarity: 0.3, wordSimilarity: 0.6 };
/** A pending request flagged as a likely duplicate: the admin is told, so fewer false alarms. */
export const FLAG_LIKENESS: Likeness = { similarity: 0.6, wordSimilarity: 0.8 };

export async function withLikeness<T>(db: Database, likeness: Likeness, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(likeness.similarity)}, true),
      set_config('pg_trgm.word_similarity_threshold', ${String(likeness.wordSimilarity)}, true)`);
    return work(tx);
  });
}

/** The candidate condition and score of part `p` against `name` (an SQL expression). */
const candidate = (name: ReturnType<typeof sql>) => sql`(p.name % ${name} OR p.name <% ${name} OR ${name} <% p.name)`;
const score = (name: ReturnType<typeof sql>) =>
  sql`greatest(similarity(p.name, ${name}), word_similarity(p.name, ${name}), word_similarity(${name}, p.name))`;

export interface SimilarPartRow {
  part_id: number;
  name: string;
  manufacturer: string;
  type_name: string;
  type_path: string;
  battlestation_count: number;
}

/**
 * Parts like `name` (call inside withLikeness), at most `limit`: the category `typeId` first, then the most
 * alike, then the most used. `excludeId` leaves one part out (the part itself).
 */
export async function findSimilarParts(
  db: Database,
  name: string,
  options: { typeId?: number; limit: number; excludeId?: number },
): Promise<SimilarPartRow[]> {
  const sameType = options.typeId === undefined ? sql`` : sql`(p.type_id = ${options.typeId}) DESC,`;
  const q = sql`${name}::text`;
  return rowsOf<SimilarPartRow>(
    db,
    sql`SELECT p.part_id, p.name, p.manufacturer, t.type_name, t.type_path, p.battlestation_count
      FROM ${parts} p JOIN ${part_types} t ON t.type_id = p.type_id
      WHERE ${candidate(q)} ${options.excludeId === undefined ? sql`` : sql`AND p.part_id <> ${options.excludeId}`}
      ORDER BY ${sameType} ${score(q)} DESC, p.battlestation_count DESC, p.part_id
      LIMIT ${options.limit}`,
  );
}

export interface RequestFlagRow {
  request_id: number;
  part_id: number;
  name: string;
}

/**
 * For every pending request, up to `perRequest` parts that look like its name, the most alike first (call
 * inside withLikeness with FLAG_LIKENESS): one statement, a trigram index lookup per pending request.
 */
export async function flagPendingRequests(db: Database, perRequest: number): Promise<RequestFlagRow[]> {
  const q = sql`r.name`;
  return rowsOf<RequestFlagRow>(
    db,
    sql`SELECT r.request_id, m.part_id, m.name
      FROM ${part_requests} r
      CROSS JOIN LATERAL (
        SELECT p.part_id, p.name, ${score(q)} AS score FROM ${parts} p
        WHERE ${candidate(q)}
        ORDER BY score DESC, p.battlestation_count DESC, p.part_id
        LIMIT ${perRequest}
      ) m
      WHERE r.status = 'pending'
      ORDER BY r.request_id, m.score DESC, m.part_id`,
  );
}
