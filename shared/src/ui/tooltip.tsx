import { useEffect, useId, useState, type ReactElement } from 'react';
import styles from './tooltip.module.css';

export interface TooltipProps {
  text: string;
  /** The trigger, given the tooltip's id for its aria-describedby (make it focusable for keyboard users). */
  children: (describedBy: string) => ReactElement;
}

/**
 * A small tooltip: shown on hover and focus (CSS), announced as the trigger's description. As WCAG 1.4.13
 * asks, Escape hides it while the pointer or the focus stays, and the pointer may move onto it.
 */
export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const shown = hovered || focused;
  // Hidden by Escape until both the pointer and the focus have left.
  if (dismissed && !shown) setDismissed(false);

  useEffect(() => {
    if (!shown) return;
    // On the document: a bubble shown by hovering has no focus inside it to hear the key.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown]);

  return (
    <span
      className={styles.wrap}
      data-dismissed={dismissed || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {children(id)}
      <span id={id} role="tooltip" className={styles.bubble}>
        {text}
      </span>
    </span>
  );
}
