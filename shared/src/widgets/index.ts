/** antd-based building blocks: only bundles that already load antd import these. */
export * from './antd-provider';
export * from './form-field';
export * from './delete-confirm-modal';
export * from './copy-part-list-dialog';
export * from './submit-part-dialog';
export * from './part-picker';
export * from './recent-sign-in-dialog';
export * from './focus-after-delete';
export * from './similar-part-suggestions';
export * from './use-debounced';
