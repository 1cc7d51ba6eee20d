export * from './render';
export * from './session';
