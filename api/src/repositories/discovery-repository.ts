import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { battlestations, users } from '../db/schema';
import { battlestationCardColumns, isPublicStation, pageSizeLiteral, type BattlestationCardRow } from './battlestations-repository';

/**
 * Discovery reads (issue 19, decision 014), computed at read time from index-only scans of
 * battlestation_parts and the counters the writes already keep in their transaction: a part's
 * battlestation_count (public stations listing it, decision 7) and station_counts.public_stations
 * (decision 013). Private stations are never candidates and never counted.
 *
 * Each part contributes at most SAMPLE_PER_PART of its newest public stations: a part on thousands of desks
 * weighs little and would otherwise make the work grow with its popularity (decision 014's measurements).
 */
export const SAMPLE_PER_PART = 500;

const publicTotal = sql`(SELECT greatest(public_stations, 1)::float8 AS n FROM station_counts)`;

/**
 * A number of ours written into a statement rather than sent: the statements below are prepared once (their
 * planning cost as much as running them, 2-3 ms each at 100,000 stations) and plan with their limits known.
 */
function literal(value: number): SQL {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return sql.raw(String(value));
}

export interface SimilarStationRow {
  battlestation_id: number;
  score: number;
}

/** What one shared desk property (filter token: monitor count, a main use, a colour family) adds to a score. */
export const DESK_PROPERTY_WEIGHT = 0.2;
/** The best candidates by parts, this many per place asked, are then reordered with their desk properties. */
const DESK_RERANK_FACTOR = 3;

/**
 * Public stations sharing parts with station `id`, most alike first: each shared part weighs
 * ln(1 + N / df) (N public stations, df those listing the part), so a part on every desk says little; each
 * shared desk property (decision 017) adds DESK_PROPERTY_WEIGHT, less than any shared part (N / df ≤ 1 only
 * for a part on every desk), read for the best few candidates only. Ties: more favorites, then newer.
 */
export async function rankSimilarStations(db: Database, id: number, limit: number): Promise<SimilarStationRow[]> {
  const name = `similar_stations_${limit}`;
  const station = sql.placeholder('id');
  const statement = preparedStatement(db, name, (on) => {
    const ranking = sql`(WITH mine AS (
        SELECT bp.part_id, ln(1 + n.n / greatest(p.battlestation_count, 1)) AS weight
        FROM battlestation_parts bp JOIN parts p ON p.part_id = bp.part_id CROSS JOIN ${publicTotal} n
        WHERE bp.battlestation_id = ${station}
      ),
      ranked AS (
      SELECT o.battlestation_id, sum(m.weight) AS score, max(o.favorites) AS favorites, max(o.created_date) AS created
      FROM mine m
      CROSS JOIN LATERAL (
        SELECT x.battlestation_id, b.favorites, b.created_date
        FROM battlestation_parts x JOIN battlestations b ON b.battlestation_id = x.battlestation_id
        WHERE x.part_id = m.part_id AND b.is_public AND x.battlestation_id <> ${station}
        ORDER BY x.battlestation_id DESC
        LIMIT ${literal(SAMPLE_PER_PART)}
      ) o
      GROUP BY o.battlestation_id
      ORDER BY score DESC, max(o.favorites) DESC, max(o.created_date) DESC, o.battlestation_id DESC
      LIMIT ${literal(limit * DESK_RERANK_FACTOR)}
      )
      SELECT r.battlestation_id, r.favorites, r.created,
        (r.score + ${literal(DESK_PROPERTY_WEIGHT)}::float8 * cardinality(ARRAY(SELECT unnest(b.facets) INTERSECT SELECT unnest(me.facets))))::float8 AS score
      FROM ranked r JOIN battlestations b ON b.battlestation_id = r.battlestation_id
      CROSS JOIN (SELECT facets FROM battlestations WHERE battlestation_id = ${station}) me) AS alike`;
    const column = <T>(name: string) => sql<T>`${sql.identifier('alike')}.${sql.identifier(name)}`;
    return on
      .select({ battlestation_id: column<number>('battlestation_id'), score: column<number>('score') })
      .from(ranking)
      .orderBy(desc(column('score')), desc(column('favorites')), desc(column('created')), desc(column('battlestation_id')))
      .limit(pageSizeLiteral(limit))
      .prepare(name);
  });
  return statement.execute({ id });
}

/** Cards of the public stations among `ids`, in no particular order. */
export async function listPublicCards(db: Database, ids: number[]): Promise<BattlestationCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(battlestationCardColumns)
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(and(inArray(battlestations.battlestation_id, ids), isPublicStation));
}

export interface PairedPartRow {
  part_id: number;
  name: string;
  type_id: number;
  type_name: string;
  type_path: string;
  together: number;
  lift: number;
}

/**
 * Parts listed with part `partId` on public stations more often than chance: lift = P(A∧B) / (P(A)·P(B))
 * = together·N / (stations(A)·df(B)), keeping pairs with at least `minSupport` stations together.
 * Highest lift first, then most stations together, then the part id.
 */
export async function listPairedParts(db: Database, partId: number, limit: number, minSupport: number): Promise<PairedPartRow[]> {
  const name = `paired_parts_${limit}_${minSupport}`;
  const part = sql.placeholder('partId');
  const statement = preparedStatement(db, name, (on) => {
    const pairs = sql`(WITH base AS (
        SELECT x.battlestation_id
        FROM battlestation_parts x JOIN battlestations b ON b.battlestation_id = x.battlestation_id
        WHERE x.part_id = ${part} AND b.is_public
        ORDER BY x.battlestation_id DESC
        LIMIT ${literal(SAMPLE_PER_PART)}
      ),
      sample AS (SELECT count(*)::float8 AS m FROM base),
      co AS (
        SELECT y.part_id, count(*)::int AS together
        FROM base JOIN battlestation_parts y ON y.battlestation_id = base.battlestation_id
        WHERE y.part_id <> ${part}
        GROUP BY y.part_id
        HAVING count(*) >= ${literal(minSupport)}
      ),
      rated AS (
        SELECT co.part_id, co.together, co.together * n.n / (sample.m * greatest(p.battlestation_count, 1)) AS lift
        FROM co JOIN parts p ON p.part_id = co.part_id CROSS JOIN ${publicTotal} n CROSS JOIN sample
      )
      SELECT p.part_id, p.name, p.type_id, t.type_name, t.type_path, r.together, r.lift::float8 AS lift
      FROM rated r JOIN parts p ON p.part_id = r.part_id JOIN part_types t ON t.type_id = p.type_id
      WHERE r.lift > 1) AS paired`;
    const column = <T>(name: string) => sql<T>`${sql.identifier('paired')}.${sql.identifier(name)}`;
    return on
      .select({
        part_id: column<number>('part_id'),
        name: column<string>('name'),
        type_id: column<number>('type_id'),
        type_name: column<string>('type_name'),
        type_path: column<string>('type_path'),
        together: column<number>('together'),
        lift: column<number>('lift'),
      })
      .from(pairs)
      .orderBy(desc(column('lift')), desc(column('together')), asc(column('part_id')))
      .limit(pageSizeLiteral(limit))
      .prepare(name);
  });
  return statement.execute({ partId });
}
