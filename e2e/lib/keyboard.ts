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
