import { useCallback, useState } from 'react';

/**
 * What a dialog is about, kept while it closes (so its text does not vanish during the closing
 * animation), with whether it is open.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ open: boolean; target: T | null }>({ open: false, target: null });
  const show = useCallback((target: T) => setState({ open: true, target }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { open: state.open, target: state.target, show, close };
}
