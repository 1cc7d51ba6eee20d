import path from 'node:path';

/** The site the remote-deploy test runs: its own ports (8710/8711), data and remotes file. */
export const DEPLOY_PORT = 8710;
export const DEPLOY_API_PORT = 8711;
export const ROOT = path.resolve(__dirname, '../..');
export const DEPLOY_DIR = path.join(ROOT, '.tmp', `remote-deploys-${DEPLOY_PORT}`);
/** A copy of shell/public/remotes.json made at start: the test releases into it, never into the committed one. */
export const DEPLOY_REMOTES_FILE = path.join(DEPLOY_DIR, 'remotes.json');
export const COMMITTED_REMOTES_FILE = path.join(ROOT, 'shell', 'public', 'remotes.json');
