// The part of zod the contract and the pages use, which `./zod` exports as `z`. The contract is a shared
// (federated) module and webpack never tree-shakes one: exporting all of zod put its locales and its
// JSON-Schema tools on every page (93 KB gzip, against 27 KB for this list). A name missing here is a type
// error where it is used, so add what new code needs. The API imports 'zod' itself and is not limited.

export { array, boolean, coerce, config, custom, email, enum, literal, NEVER, number, object, preprocess, string, union } from 'zod';
export type { infer, input, output, ZodObject, ZodRawShape, ZodType } from 'zod';
