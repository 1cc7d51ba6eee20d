import type { RouteObject } from 'react-router-dom';
import { AppRoutes } from './routes';

/**
 * The data router's one route around the shell's route table (rather than <BrowserRouter>), so a page can
 * guard unsaved changes with useBlocker (the battlestation form does); the browser and the server render
 * the same table (ADR 012).
 */
export const SITE_ROUTES: RouteObject[] = [{ path: '*', element: <AppRoutes /> }];
