import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { siteConfig } from '../config';

let auth: Auth | null = null;

/** The one Firebase Auth instance; sessions persist in IndexedDB, else local, else session storage (SPEC §4). */
export function firebaseAuth(): Auth {
  if (!auth) {
    const config = siteConfig();
    const app = initializeApp(config.firebase);
    auth = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
    if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}
