/**
 * `@battledeck/shared/plain-contract`: the contract's constants and URL readers without zod, for the public
 * pages (the full contract, a never tree-shaken singleton, would bring the schema library to each of them).
 * Not a singleton: it holds no state, so each bundle keeps only what it uses.
 */
export * from './constants';
export * from './desk-properties';
export * from './list-queries';
export * from './sort-direction';
