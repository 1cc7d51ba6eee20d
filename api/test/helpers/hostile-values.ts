import fc from 'fast-check';

/** Values an attacker puts where the contract expects something else (issue 7 part 3). */

const PATH_TRAVERSAL = ['../../etc/passwd', '..\\..\\windows\\win.ini', '....//....//etc/passwd', '/etc/passwd', '%2e%2e%2f%2e%2e%2f', 'file:///etc/passwd', '..%c0%af..%c0%af'];
const SQL = ["' OR '1'='1", "1; DROP TABLE users; --", "' UNION SELECT email, user_id FROM users --", "%' AND 1=1 --", "'; SELECT pg_sleep(5); --", '1)) OR ((1=1', '\\', "%_%", "E'\\x00'"];
const HTML = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg/onload=alert(1)>', 'javascript:alert(1)', '{{constructor.constructor("alert(1)")()}}', '${7*7}'];
const UNICODE = [
  '\u0000', 'nul\u0000inside', '\ud800', 'lone \udfff low', '\u202eevil\u202c', 'zero\u200b\u200c\u200dwidth\ufeff',
  '👩‍💻🏳️‍🌈🇺🇦', 'e\u0301\u0301\u0301', '＜script＞', '\u2028\u2029', '\r\n\t\u000b\f', '\u{10ffff}', 'İıſK',
];
const NUMBERISH = [-1, 0, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, '-1', '0', '1e309', 'NaN', 'Infinity', '-Infinity', '0x10', ' 7 ', '007', '1,000', '٣'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'is_admin', 'user_id', 'toString', ''];

export const NAUGHTY_STRINGS = [...PATH_TRAVERSAL, ...SQL, ...HTML, ...UNICODE];

/** Huge strings up to ~1 MB (the request body limit): built once, picked often. */
const HUGE = [5_000, 100_000, 1_000_000].flatMap((n) => ['A'.repeat(n), '\u0000'.repeat(n / 10), '😀'.repeat(n / 4), "'<".repeat(n / 2)]);

const hugeString = fc.constantFrom(...HUGE);

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) },
  { weight: 6, arbitrary: fc.constantFrom(...NUMBERISH) },
  { weight: 4, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  // Rare, because each costs a megabyte of parsing; at this weight about one request in twenty carries one.
  { weight: 1, arbitrary: hugeString },
);

/** Wrong types included: arrays and objects where a scalar belongs, nested a little. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'a', 'image', 'display_order'), tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** A field's value: a valid one, a hostile one, or a valid one with a payload appended. */
export function fieldValue(valid: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(valid) },
    { weight: 5, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS).map((payload) => `${String(valid)}${payload}`) },
    { weight: 1, arbitrary: fc.constant([valid, valid]) },
  );
}

/** Extra keys nobody asked for (prototype pollution, mass assignment). */
export const extraFields = fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'is_moderator', 'favorites', 'battlestation_count'), hostileValue, { maxKeys: 2 });

/** A path segment: valid ids among hostile ones, percent-encoded (sometimes badly, on purpose). */
export function pathSegment(valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...valid) },
    { weight: 4, arbitrary: hostileScalar.map((v) => percentEncode(String(v).slice(0, 300))) },
    { weight: 1, arbitrary: fc.constantFrom('%ZZ', '%E0%A4%A', '%C0%AE%C0%AE%2F', '%ED%A0%80', '..', '.', '%2e%2e', '%00') },
  );
}

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as any client would send it). */
export function percentEncode(text: string): string {
  // encodeURIComponent refuses lone surrogates; send what a UTF-8 client would (U+FFFD) instead.
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/** Text for a query string or a multipart field: objects as JSON, as the site's client sends them. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
