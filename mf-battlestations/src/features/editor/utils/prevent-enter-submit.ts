import type { KeyboardEvent } from 'react';

/** Input types whose Enter is their own activation (a click), not the form's implicit submission. */
const BUTTON_LIKE_INPUTS = new Set(['button', 'submit', 'reset', 'image', 'file']);

/**
 * The editor form's keydown handler: Enter in a field (text inputs, the part search, selects, switches' inputs)
 * never submits the editor, only Save does (issue 16 item 1). The browser's implicit submission is cancelled;
 * textareas keep their new lines, buttons (Save, Add, the switch) their activation, and a dialog opened from the
 * form (a React portal, outside the form in the page) its own Enter.
 */
export function preventEnterSubmit(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return;
  const tag = target.tagName;
  if (tag === 'SELECT' || (tag === 'INPUT' && !BUTTON_LIKE_INPUTS.has((target as HTMLInputElement).type))) event.preventDefault();
}
