/** Fields PostgreSQL errors carry, from node-postgres and PGlite alike. */
interface PgErrorFields {
  code?: string;
  constraint?: string;
}

/** Drizzle wraps driver errors (DrizzleQueryError) with the original as `cause`. */
function pgFields(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const fields = current as PgErrorFields & { cause?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** The violated constraint's name when `error` is a unique violation (23505), else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const fields = pgFields(error);
  return fields?.code === '23505' ? (fields.constraint ?? '') : undefined;
}

/** The SQLSTATE of a PostgreSQL error (through drizzle's wrapper), else undefined. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgFields(error)?.code;
}
