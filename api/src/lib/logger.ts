/** The part of a pino logger that services and scripts use: `app.log` satisfies it, and so does consoleLogger. */
export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** For command-line scripts, which have no Fastify instance. */
export const consoleLogger: Logger = {
  info: (obj, msg) => console.info(format(obj, msg)),
  warn: (obj, msg) => console.warn(format(obj, msg)),
  error: (obj, msg) => console.error(format(obj, msg)),
};

function format(obj: unknown, msg?: string): string {
  if (typeof obj === 'string') return obj;
  const { err, ...rest } = (obj ?? {}) as { err?: unknown } & Record<string, unknown>;
  const details = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  const error = err instanceof Error ? `\n  ${err.message}` : '';
  return `${msg ?? ''}${details}${error}`;
}
