/**
 * Database failures that are not the request's fault and pass by themselves: the server is down or
 * restarting, the network dropped, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the transaction was
 * the one the server rolled back to end a deadlock (or a serialization failure) with a concurrent write.
 * The error handler answers them with 503 and a clear message instead of a 500.
 */
export type DatabaseFault = 'unavailable' | 'timeout' | 'contention';

/** Socket errors of node-postgres connecting to, or talking with, the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** SQLSTATEs of a server that is shutting down, starting up or out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** query_canceled (statement_timeout) and lock_not_available (lock_timeout). */
const TIMEOUT_STATES = new Set(['57014', '55P03']);

/** serialization_failure and deadlock_detected: rolled back whole, so trying again is safe. */
const CONTENTION_STATES = new Set(['40001', '40P01']);

/** node-postgres reports a dropped or never-made connection with plain messages, without a code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
];

function faultOf(error: object): DatabaseFault | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (TIMEOUT_STATES.has(code)) return 'timeout';
    if (CONTENTION_STATES.has(code)) return 'contention';
    // Class 08: connection exception.
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return 'unavailable';
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(message))) return 'unavailable';
  return undefined;
}

/** What kind of passing database fault `error` is (Drizzle wraps the driver's error as `cause`), if any. */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  for (const current of causesOf(error)) {
    const fault = faultOf(current);
    if (fault) return fault;
    // net reports a failed connect to several addresses as an AggregateError.
    if (current instanceof AggregateError) {
      const inner = current.errors.map((e: unknown) => databaseFault(e)).find(Boolean);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * A write naming a row that another request removed between its checks and its statement
 * (foreign_key_violation): the caller lost a race, which is a conflict to retry, not a server fault.
 */
export function isLostReference(error: unknown): boolean {
  return causesOf(error).some((cause) => (cause as { code?: unknown }).code === '23503');
}

/** An error and the errors it wraps (Drizzle wraps the driver's error as `cause`), a few deep. */
function causesOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let current = error; chain.length < 5 && typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}
