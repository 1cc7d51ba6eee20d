import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** WCAG 2.2 AA as axe knows it: every level-A and AA tag up to 2.2 (issue 7 part 9). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a state; moderate and minor findings are recorded on the test instead. */
const BLOCKING = new Set(['serious', 'critical']);

const describe = (violation: Result) =>
  `${violation.id} (${violation.impact}): ${violation.nodes
    .slice(0, 5)
    .map((node) => node.target.join(' '))
    .join(', ')}`;

/**
 * Waits until every finite animation has ended: antd's dialogs zoom and fade in, and a half-transparent
 * colour would be judged on its way in. Endless ones (skeleton shimmer, spinners) are what a state looks like.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The page as it is now, checked by axe against WCAG 2.2 A/AA plus `target-size` (2.5.8). */
export async function axeResults(page: Page) {
  await settled(page);
  return new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, rules: { 'target-size': { enabled: true } } })
    .analyze();
}

/**
 * Fails (softly, so one run lists every state that fails) on serious or critical violations of the page as
 * it is now; `state` names it in the report. Also proves the target-size rule really ran.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const results = await axeResults(page);
  const evaluated = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id);
  expect(evaluated, 'the target-size rule was evaluated').toContain('target-size');
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const lesser = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  for (const violation of lesser) test.info().annotations.push({ type: 'axe moderate/minor', description: `${state}: ${describe(violation)}` });
  test.info().annotations.push({ type: 'axe state', description: state });
  expect.soft(blocking.map(describe), `serious or critical axe violations: ${state}`).toEqual([]);
}

type Route = Parameters<Parameters<Page['route']>[1]>[0];

/** Which matching requests a route handler takes: all, or all after the first `passFirst` (those go through). */
interface Selection {
  passFirst?: number;
}

/**
 * Holds the requests matching `url` until the returned function is called: the page shows its loading
 * state meanwhile. Call it before the test ends so the held requests finish.
 */
export async function holdRequests(page: Page, url: string | RegExp, { passFirst = 0 }: Selection = {}): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  const handler = async (route: Route) => {
    if (seen++ >= passFirst) await gate;
    await route.fallback().catch(() => {});
  };
  await page.route(url, handler);
  return async () => {
    release();
    await page.unroute(url, handler);
  };
}

/** Answers the requests matching `url` with a server error, as a failing API would. */
export async function failRequests(page: Page, url: string | RegExp, { passFirst = 0 }: Selection = {}): Promise<void> {
  let seen = 0;
  await page.route(url, (route) =>
    seen++ < passFirst
      ? route.fallback()
      : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
  );
}

/** A URL matcher for one API call: the path exactly, with or without a query string. */
export function apiCall(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`/api${escaped}(\\?.*)?$`);
}
