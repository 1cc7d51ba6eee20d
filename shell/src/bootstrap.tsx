import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import '@battledeck/shared/styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The home page arrives prerendered (home.html): take over its markup; every other page renders here.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

// Firebase is large: start the session only after the frame and the home page have painted.
const startSession = () => void import('./auth/session').then((m) => m.startSession());
if ('requestIdleCallback' in window) window.requestIdleCallback(startSession, { timeout: 1500 });
else setTimeout(startSession, 200);
