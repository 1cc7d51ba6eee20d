/** Runtime settings written by the site server into /config.js (so a deploy changes them without a rebuild). */
export interface SiteConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** Set when the Firebase Auth emulator is used (local runs and tests). */
  authEmulatorUrl?: string;
  imageBaseUrl: string;
}

declare global {
  interface Window {
    __BATTLEDECK_CONFIG__?: SiteConfig;
  }
}

const FALLBACK: SiteConfig = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-battledeck.firebaseapp.com', projectId: 'demo-battledeck' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  imageBaseUrl: '/images',
};

export function siteConfig(): SiteConfig {
  return window.__BATTLEDECK_CONFIG__ ?? FALLBACK;
}
