import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './controls.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary';
  /** A decorative icon before the text (mark it aria-hidden). */
  icon?: ReactNode;
}

/** A native button in the site's style; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'default', icon, className, children, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, variant === 'primary' ? styles.primary : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} {...props}>
      {icon && <span className={styles.icon}>{icon}</span>}
      {children}
    </button>
  );
}

/** The button look for a link (e.g. a GET form's alternative, or "Edit"). */
export const buttonClassName = styles.button;
