import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only driving for the accessibility flows: every move is a key press, and every focus stop is
 * checked for a visible indicator (WCAG 2.4.7) and for not being under the sticky top bar (WCAG 2.4.11).
 */

export interface FocusStop {
  /** Tag, role and name of the focused element, for messages. */
  element: string;
  /** An outline or a box-shadow on the element or its nearest wrappers (antd draws some rings on a wrapper). */
  indicator: string | null;
  /** Pixels of the element under the top bar (0 = clear of it). */
  underHeader: number;
}

/** Where the focus is now, and whether a sighted keyboard user can see it. */
export async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return { element: 'body', indicator: null, underHeader: 0 };
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const element = `${active.tagName.toLowerCase()}${active.getAttribute('role') ? `[role=${active.getAttribute('role')}]` : ''} "${name}"`;

    const transparent = (color: string) => /rgba\(.*,\s*0\)$/.test(color) || color === 'transparent';
    let indicator: string | null = null;
    // The focused element, or up to three wrappers around it (antd rings a select's or an input's wrapper).
    for (let node: Element | null = active, depth = 0; node && depth < 4 && !indicator; node = node.parentElement, depth++) {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && !transparent(style.outlineColor)) {
        indicator = `outline ${style.outlineWidth} ${style.outlineStyle} on ${node.tagName.toLowerCase()}`;
      } else if (style.boxShadow !== 'none') {
        indicator = `box-shadow on ${node.tagName.toLowerCase()}`;
      }
    }

    // Dialogs, menus and popups are drawn above the top bar; so is the top bar's own content.
    const topBar = [...document.querySelectorAll('header')].find((header) => getComputedStyle(header).position === 'sticky');
    const overlay = active.closest('dialog, [role="dialog"], .ant-modal-wrap, .ant-dropdown, .ant-select-dropdown, .ant-popover');
    let underHeader = 0;
    if (topBar && !topBar.contains(active) && !overlay) {
      const rect = active.getBoundingClientRect();
      const bottom = topBar.getBoundingClientRect().bottom;
      // Overlapping the bar's box counts only where the bar is drawn on top (the skip link sits above it).
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
      const y = Math.max(rect.top + 1, 0);
      const hit = y < bottom ? document.elementFromPoint(x, y) : null;
      if (rect.height > 0 && hit && topBar.contains(hit)) underHeader = Math.round(Math.min(rect.bottom, bottom) - rect.top);
    }
    return { element, indicator, underHeader };
  });
}

/** Checks the focus stop: something has the focus, it is visibly marked, and the top bar does not cover it. */
export async function expectVisibleFocus(page: Page, where: string): Promise<FocusStop> {
  const stop = await focusStop(page);
  expect.soft(stop.element, `focus was lost to the page (${where})`).not.toBe('body');
  expect.soft(stop.indicator, `no visible focus indicator on ${stop.element} (${where})`).not.toBeNull();
  expect.soft(stop.underHeader, `${stop.element} is ${stop.underHeader}px under the top bar (${where})`).toBe(0);
  return stop;
}

/** Counts the focus stops checked in a test, for the report. */
function countStop() {
  const counter = test.info().annotations.find((a) => a.type === 'focus stops checked');
  if (counter) counter.description = String(Number(counter.description) + 1);
  else test.info().annotations.push({ type: 'focus stops checked', description: '1' });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking every stop on the way. Fails when the
 * target is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, `after ${presses} × ${backwards ? 'Shift+Tab' : 'Tab'}`);
    countStop();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** Presses a key and checks the focus stop it leaves. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectVisibleFocus(page, `after ${key}`);
  countStop();
}

export interface FocusRing {
  /** Tag, role and name of the focused element, for messages. */
  element: string;
  /** The thickest outline or box-shadow ring on the element or its nearest wrappers, in CSS pixels (0 = none). */
  width: number;
  /** Contrast of that ring's colour against the background it is drawn on (WCAG 2.4.13 asks for 3:1). */
  contrast: number;
  /** Which node carries it, and how, for messages. */
  on: string;
}

/**
 * Measures the focus indicator of the focused element (WCAG 2.4.11/2.4.13): the thickest opaque outline or
 * box-shadow spread on it or up to three wrappers (antd rings a select's or an input's wrapper), and its
 * contrast against the background behind it.
 */
export async function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const m = color.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a = '1'] = m[1].split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
    const luminance = ([r, g, b]: Rgba) => {
      const c = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const contrastOf = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The opaque background behind a node: the first ancestor (or itself) with a background colour. */
    const backgroundOf = (node: Element | null): Rgba => {
      for (let n = node; n; n = n.parentElement) {
        const color = parse(getComputedStyle(n).backgroundColor);
        if (color[3] > 0) return color[3] === 1 ? color : over(color, backgroundOf(n.parentElement));
      }
      return matchMedia('(prefers-color-scheme: dark)').matches ? [0, 0, 0, 1] : [255, 255, 255, 1];
    };
    /** Each layer of a computed box-shadow, e.g. "rgb(1, 2, 3) 0px 0px 0px 2px, rgba(...) ...". */
    const shadows = (value: string) => (value === 'none' ? [] : value.split(/,(?![^(]*\))/));

    const active = document.activeElement;
    if (!active || active === document.body) return { element: 'body', width: 0, contrast: 0, on: 'nothing' };
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const element = `${active.tagName.toLowerCase()}${active.getAttribute('role') ? `[role=${active.getAttribute('role')}]` : ''} "${name}"`;
    let best = { width: 0, contrast: 0, on: 'nothing' };
    for (let node: Element | null = active, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      const style = getComputedStyle(node);
      const tag = node.tagName.toLowerCase();
      const candidates: { width: number; color: Rgba; inside: boolean; how: string }[] = [];
      if (style.outlineStyle !== 'none') {
        candidates.push({ width: parseFloat(style.outlineWidth), color: parse(style.outlineColor), inside: parseFloat(style.outlineOffset) < 0, how: `outline ${style.outlineWidth} on ${tag}` });
      }
      for (const shadow of shadows(style.boxShadow)) {
        const lengths = [...shadow.replace(/rgba?\([^)]*\)/, '').matchAll(/-?[\d.]+px/g)].map((m) => parseFloat(m[0]));
        candidates.push({ width: lengths[3] ?? 0, color: parse(shadow), inside: /inset/.test(shadow), how: `box-shadow ${lengths[3] ?? 0}px on ${tag}` });
      }
      for (const candidate of candidates) {
        if (candidate.color[3] === 0 || candidate.width === 0) continue;
        const background = backgroundOf(candidate.inside ? node : node.parentElement);
        const ring = { width: candidate.width, contrast: Math.round(contrastOf(over(candidate.color, background), background) * 100) / 100, on: candidate.how };
        // A clear ring (2 px, 3:1) beats any other; among the rest, the thickest.
        const clear = (r: typeof ring) => r.width >= 2 && r.contrast >= 3;
        if ((clear(ring) && !clear(best)) || (clear(ring) === clear(best) && ring.width > best.width)) best = ring;
      }
    }
    return { element, ...best };
  });
}

/** Checks that the focused element has a clear ring: at least 2 px thick and 3:1 against what is around it. */
export async function expectClearFocusRing(page: Page, where: string): Promise<FocusRing> {
  // A ring may fade in (antd animates its controls): give it a moment before judging it.
  let ring = await focusRing(page);
  for (let tries = 0; tries < 10 && !(ring.width >= 2 && ring.contrast >= 3); tries++) {
    await page.waitForTimeout(100);
    ring = await focusRing(page);
  }
  expect.soft(ring.width, `focus ring of ${ring.element} is ${ring.width}px (${ring.on}) (${where})`).toBeGreaterThanOrEqual(2);
  expect.soft(ring.contrast, `focus ring of ${ring.element} has contrast ${ring.contrast}:1 (${ring.on}) (${where})`).toBeGreaterThanOrEqual(3);
  return ring;
}
