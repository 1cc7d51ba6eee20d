import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  onClose: () => void;
  /** The buttons at the bottom. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser keeps focus inside, Esc closes it, the rest of the page is
 * inert. Mount it to open it; on unmount focus goes back to what had it when it opened.
 */
export function Dialog({ title, onClose, footer, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom and old browsers lack showModal: the open attribute still shows it.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    // Esc: the caller decides (it unmounts us), so the dialog's state never drifts from React's.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // A click on the backdrop (the dialog element itself, outside its box) closes it; keyboard users have Esc and Close.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}
