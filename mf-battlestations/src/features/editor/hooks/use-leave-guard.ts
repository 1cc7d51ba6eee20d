import { useCallback, useEffect, useRef } from 'react';

/**
 * Unsaved changes: `shouldBlock()` is true while the form is dirty, until `allowLeaving()` (a save or a
 * delete that navigates away on purpose). Reads refs, so a navigation right after a save is not blocked.
 */
export function useUnsavedChanges(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const shouldBlock = useCallback(() => dirtyRef.current && !allowed.current, []);
  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  const stayHere = useCallback(() => {
    allowed.current = false;
  }, []);
  return { shouldBlock, allowLeaving, stayHere };
}

/** Closing or reloading the tab with unsaved changes asks the browser's own question. */
export function useBeforeUnloadGuard(shouldBlock: () => boolean) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldBlock()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldBlock]);
}
