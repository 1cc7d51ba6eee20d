// Runtime settings of the site for `npm run dev`; the site server writes its own from the environment.
window.__BATTLEDECK_CONFIG__ = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-battledeck.firebaseapp.com', projectId: 'demo-battledeck' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  imageBaseUrl: '/images',
};
window.__BATTLEDECK_IMAGE_BASE__ = window.__BATTLEDECK_CONFIG__.imageBaseUrl;
