/**
 * Delete buttons usually sit in the row they delete: once the row is gone, a dialog has no opener to give
 * the focus back to and it falls to the page (keyboard users start again from the top). These helpers
 * remember where the opener was and put the focus on the same control of the row now in its place.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface OpenerPlace {
  element: HTMLElement;
  /** The list of rows (a tbody or a ul/ol) and the opener's row index in it. */
  rows: Element | null;
  rowIndex: number;
  /** The opener's position among its row's focusable controls. */
  controlIndex: number;
}

/** Rows that are really rows (antd adds hidden measuring rows to some tables). */
const rowsOf = (rows: Element) => [...rows.children].filter((row) => row.getAttribute('aria-hidden') !== 'true');
const controlsOf = (row: Element) => [...row.querySelectorAll<HTMLElement>(FOCUSABLE)];

/** Where the focus is now (call it as the dialog opens). */
export function rememberOpener(): OpenerPlace | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const row = element.closest('tr, li');
  const rows = row?.parentElement ?? null;
  return {
    element,
    rows,
    rowIndex: row && rows ? rowsOf(rows).indexOf(row) : -1,
    controlIndex: row ? controlsOf(row).indexOf(element) : -1,
  };
}

/**
 * After the dialog closed: if the opener is gone and the focus with it, focus the same control in the row
 * that took its place (or the new last row); without rows, the main content.
 */
export function restoreFocusAfterDelete(place: OpenerPlace | null): void {
  if (!place || place.element.isConnected) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  const rows = place.rows?.isConnected ? rowsOf(place.rows) : [];
  const row = rows[Math.min(place.rowIndex, rows.length - 1)];
  const controls = row ? controlsOf(row) : [];
  const target = controls[place.controlIndex] ?? controls[0] ?? document.getElementById('main');
  target?.focus();
}
