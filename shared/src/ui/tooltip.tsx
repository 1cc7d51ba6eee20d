import { useId, type ReactElement } from 'react';
import styles from './tooltip.module.css';

export interface TooltipProps {
  text: string;
  /** The trigger, given the tooltip's id for its aria-describedby (make it focusable for keyboard users). */
  children: (describedBy: string) => ReactElement;
}

/** A small CSS-only tooltip: shown on hover and focus, announced as the trigger's description. */
export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  return (
    <span className={styles.wrap}>
      {children(id)}
      <span id={id} role="tooltip" className={styles.bubble}>
        {text}
      </span>
    </span>
  );
}
