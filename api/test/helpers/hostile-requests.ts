import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { z } from 'zod';
import { asText, extraFields, fieldValue, hostileValue, pathSegment, percentEncode } from './hostile-values';

/**
 * Requests generated from the contract's schemas (issue 7 part 3): every field a schema names gets a
 * valid value, a hostile one, or a valid one with a payload appended; fields go missing, unknown ones
 * appear; bodies arrive as JSON, as multipart text fields, or as something that is neither.
 */

export type Caller = 'anon' | 'user' | 'admin';
type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Valid values of each path parameter (hostile ones are added). */
  params?: Record<string, readonly string[]>;
  query?: ObjectSchema;
  body?: { schema: ObjectSchema; as: readonly ('json' | 'multipart')[] };
  callers: readonly Caller[];
}

export interface HostileRequest {
  caller: Caller;
  /** A garbage Authorization header instead of the caller's token. */
  badAuthorization?: string;
  method: RouteSpec['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Valid values by field name, over every schema of the contract. */
export type Samples = Record<string, fc.Arbitrary<unknown>>;

function fieldsOf(schema: ObjectSchema, samples: Samples): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.shape);
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, (samples[key] ?? fc.constant('text')).chain(fieldValue)])), { requiredKeys: [] });
  // One request in four carries fields nobody asked for.
  const extra = fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraFields });
  return fc.tuple(record, extra).map(([fields, more]) => ({ ...more, ...fields }));
}

function queryString(fields: Record<string, unknown>): string {
  const pairs = Object.entries(fields).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${percentEncode(key)}=${percentEncode(asText(v))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A multipart body written by hand, so field names can be hostile too (quotes, CR/LF). */
function multipartBody(fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = `----hostile${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

const BROKEN_JSON = ['{"name":', '[1,2', '\u0000', 'null', '"text"', '{"__proto__":{"is_admin":true}}', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"a":1,"a":2}'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16'];

function bodyOf(spec: RouteSpec, samples: Samples): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  if (!spec.body) return fc.constant({});
  const fields = fieldsOf(spec.body.schema, samples);
  const kinds: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }>[] = [];
  if (spec.body.as.includes('json')) {
    kinds.push(fields.map((f) => ({ payload: JSON.stringify(f), contentType: 'application/json' })));
  }
  if (spec.body.as.includes('multipart')) {
    kinds.push(fields.map((f) => multipartBody(f)).map(({ payload, contentType }) => ({ payload, contentType })));
  }
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...kinds) },
    { weight: 1, arbitrary: hostileValue.map((v) => ({ payload: JSON.stringify(v) ?? 'undefined', contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BROKEN_JSON), fc.constantFrom(...CONTENT_TYPES)).map(([payload, contentType]) => ({ payload, contentType })) },
  );
}

const BAD_AUTHORIZATION = ['Bearer ', 'Bearer a.b.c', 'Bearer \u0000', `Bearer ${'x'.repeat(10_000)}`, 'Basic YWRtaW46YWRtaW4=', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.', 'bearer  ', 'Bearer ../../etc/passwd'];

export function hostileRequest(spec: RouteSpec, samples: Samples): fc.Arbitrary<HostileRequest> {
  const names = Object.keys(spec.params ?? {});
  const segments = fc.tuple(...names.map((name) => pathSegment(spec.params![name])));
  const query = spec.query ? fieldsOf(spec.query, samples).map(queryString) : fc.option(extraFields.map(queryString), { nil: '' });
  return fc
    .record({
      caller: fc.constantFrom(...spec.callers),
      // One request in thirteen swaps the caller's token for a garbage Authorization header.
      badAuthorization: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_AUTHORIZATION) }),
      segments,
      query,
      body: bodyOf(spec, samples),
    })
    .map(({ caller, badAuthorization, segments: values, query: search, body }) => {
      let path = spec.path;
      names.forEach((name, i) => (path = path.replace(`:${name}`, values[i])));
      const headers: Record<string, string> = body.contentType ? { 'content-type': body.contentType } : {};
      return { caller, badAuthorization, method: spec.method, url: `${path}${search}`, headers, payload: body.payload };
    });
}
