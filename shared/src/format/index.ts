export * from './brand';
export * from './dates';
export * from './images';
export * from './text';
export * from './messages';
export * from './part-list';
export * from './part-list-formats';
export { escapeHtml } from './part-list-markup';
