import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { databaseFault } from './connection-errors';
import { openPostgres } from './postgres';

/** A server-side error as node-postgres reports it, with its SQLSTATE. */
function serverError(code: string, message = 'server said no'): Error {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('databaseFault: which database errors are a passing outage (503) rather than a bug (500)', () => {
  it('sees a refused connection through Drizzle as the database being unavailable', async () => {
    // Nothing listens on port 1: the same error as a PostgreSQL server that is down.
    const handle = openPostgres({ url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1, statementTimeoutMs: 0, onPoolError: () => undefined });
    const error: unknown = await handle.db.execute(sql`SELECT 1`).then(
      () => undefined,
      (e: unknown) => e,
    );
    await handle.close();
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(databaseFault(error)).toBe('unavailable');
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
  ])('treats SQLSTATE %s (%s) as unavailable', (code, message) => {
    expect(databaseFault(wrapped(serverError(code, message)))).toBe('unavailable');
  });

  it('treats a connection that dropped mid-query as unavailable', () => {
    expect(databaseFault(wrapped(new Error('Connection terminated unexpectedly')))).toBe('unavailable');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
  });

  it('treats a statement or lock timeout as a timeout', () => {
    expect(databaseFault(wrapped(serverError('57014', 'canceling statement due to statement timeout')))).toBe('timeout');
    expect(databaseFault(wrapped(serverError('55P03', 'canceling statement due to lock timeout')))).toBe('timeout');
  });

  it('treats a deadlock or a serialization failure as contention: rolled back, safe to try again', () => {
    expect(databaseFault(wrapped(serverError('40P01', 'deadlock detected')))).toBe('contention');
    expect(databaseFault(wrapped(serverError('40001', 'could not serialize access due to concurrent update')))).toBe('contention');
  });

  it('leaves real errors alone: constraint violations, syntax errors and plain bugs stay what they are', () => {
    expect(databaseFault(wrapped(serverError('23505', 'duplicate key value')))).toBeUndefined();
    expect(databaseFault(wrapped(serverError('42601', 'syntax error')))).toBeUndefined();
    expect(databaseFault(new TypeError('cannot read properties of undefined'))).toBeUndefined();
    expect(databaseFault('a string')).toBeUndefined();
  });
});
