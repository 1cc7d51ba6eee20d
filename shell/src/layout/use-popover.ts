import { useEarlyClick } from '@battledeck/shared/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A disclosure menu's behaviour: toggled by its button, closed by Escape (focus returns to the button),
 * by a click outside, and by navigating.
 */
export function usePopover<T extends HTMLElement = HTMLDivElement>(earlyClick?: string) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const location = useLocation();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  // After the effect above: a click before hydration opens the popup once the page is hydrated.
  useEarlyClick(earlyClick, () => setOpen(true));

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, close]);

  return {
    open,
    close,
    containerRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': popupId,
      'data-early-click': earlyClick,
      onClick: () => setOpen((value) => !value),
    },
    popupProps: { id: popupId, hidden: !open },
  };
}
