import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { bootSession } from './auth/session-boot';
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

// Firebase is large: it loads after the first paint, and only for a visitor who may be signed in.
void bootSession();
