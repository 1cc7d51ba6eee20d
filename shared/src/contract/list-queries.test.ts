import { battlestationsQuery } from './battlestations';
import { PART_PAGE_SIZES, PARTS_QUERY_DEFAULTS } from './constants';
import { pageSizeOf } from './common';
import { battlestationsListQuery, partsBrowseListQuery, type ListQueryReader } from './list-queries';
import { partsQuery } from './parts';
import type { z } from './zod';

/** Query texts a URL may carry: valid, out of range, malformed and borderline values of every parameter. */
const TEXTS = [
  '1', '2', '12', '24', '48', '96', '10', '20', '50', '13', '0', '-1', '-0', '1.5', '12.0', '1e1', '0x10', ' 12 ', '+12',
  '999999', '1000000', '1000001', '9007199254740993', 'Infinity', '-Infinity', 'NaN', 'abc', '12abc', ' ', '\t', '1_000',
  'name', 'favorites', 'created_date', 'battlestation_count', 'Name', 'name ', 'asc', 'desc', 'ASC', 'up', '__proto__',
  'toString', 'constructor', 'desk', '  rgb desk  ', 'ünïcode ✓', 'a'.repeat(200), 'a'.repeat(201), ` ${'b'.repeat(200)} `,
  '<script>', '%20', '0.0', '00012',
];

/** What the zod schema makes of one parameter's text: its value, or undefined (the default is kept). */
function viaSchema(schema: z.ZodObject<z.ZodRawShape>, key: string, text: string): unknown {
  const parsed = (schema.shape[key] as z.ZodType).safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

function expectAgreement(schema: z.ZodObject<z.ZodRawShape>, reader: ListQueryReader<Record<string, unknown>>) {
  expect(Object.keys(reader).sort()).toEqual(Object.keys(schema.shape).sort());
  const disagreements: string[] = [];
  for (const key of Object.keys(reader)) {
    for (const text of TEXTS) {
      const expected = viaSchema(schema, key, text);
      const actual = reader[key]!(text);
      if (!Object.is(expected, actual)) disagreements.push(`${key}=${JSON.stringify(text)}: schema ${String(expected)}, reader ${String(actual)}`);
    }
  }
  expect(disagreements).toEqual([]);
}

describe('zod-free list readers answer as the contract schemas the API validates with', () => {
  it('/battlestations: battlestationsQuery', () => {
    expectAgreement(battlestationsQuery, battlestationsListQuery as ListQueryReader<Record<string, unknown>>);
  });

  it('the parts catalogue: partsQuery without the category, with the public page sizes', () => {
    const browseSchema = partsQuery.omit({ partType: true }).extend({
      resultsPerPage: pageSizeOf('resultsPerPage', PART_PAGE_SIZES, PARTS_QUERY_DEFAULTS.resultsPerPage),
    });
    expectAgreement(browseSchema, partsBrowseListQuery as ListQueryReader<Record<string, unknown>>);
  });
});
