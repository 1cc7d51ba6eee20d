import { lazy } from 'react';

/**
 * The sign-in pages, each in its own chunk: they need antd, the public pages do not (decision 003). The links
 * between them ("Sign up here", "Click here") change the URL at once, but the page they lead to shows only
 * when its chunk has loaded; text typed into the old form meanwhile was lost with it. A sign-in page loads the
 * chunks of the pages it links to as soon as it shows (preloadAuthPages).
 */
const load = {
  login: () => import('./login-page'),
  register: () => import('./register-page'),
  passwordReset: () => import('./password-reset-page'),
};

export const LoginPage = lazy(load.login);
export const RegisterPage = lazy(load.register);
export const PasswordResetPage = lazy(load.passwordReset);

/** Loads the named pages' chunks now (webpack keeps them), so following a link to one shows it at once. */
export function preloadAuthPages(...pages: (keyof typeof load)[]): void {
  for (const page of pages) void load[page]().catch(() => undefined);
}
