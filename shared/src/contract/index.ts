/** The API contract: request and response schemas shared by the API (validation) and the client (types). */
export * from './common';
export * from './users';
export * from './password-policy';
export * from './parts';
export * from './battlestations';
export * from './station-parts';
export * from './oembed';
export * from './html';
export * from './desk-properties';
export * from './discovery';
export * from './stores';
export * from './store-links';
export * from './admin';
export * from './images';
export * from './sort-direction';
export * from './station-history';
export * from './photo-hotspots';
export { z } from './zod';
