import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from '../config';

export interface FirebaseHandle {
  app: App;
  auth: Auth;
  close(): Promise<void>;
}

/**
 * A firebase-admin app of its own (several API instances can live in one process, as in tests).
 * The Admin SDK reads the emulator address from the environment, so it is set (or cleared) from the
 * validated config first; in emulator mode no credentials are needed.
 */
export function initFirebase(config: Pick<Config, 'firebaseProjectId' | 'authEmulatorHost'>): FirebaseHandle {
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const app = initializeApp({ projectId: config.firebaseProjectId }, `battledeck-${randomUUID()}`);
  return { app, auth: getAuth(app), close: () => deleteApp(app) };
}

/** The error code of a firebase-admin error ('auth/email-already-exists'), if it is one. */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}
