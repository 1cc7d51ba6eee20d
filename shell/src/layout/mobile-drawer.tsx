import { canUseAdmin, useSession } from '@battledeck/shared/session';
import { CloseIcon } from '@battledeck/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styles from './mobile-drawer.module.css';
import { PartCategoryLinks } from './parts-menu';
import { accountLinks } from './user-menu';

/** The side drawer of small screens: the top bar's links in a modal dialog (focus stays inside, Esc closes). */
export default function MobileDrawer({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [partsOpen, setPartsOpen] = useState(false);
  const session = useSession();
  const location = useLocation();
  const startPath = useRef(location.pathname + location.search);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    if (location.pathname + location.search !== startPath.current) onClose();
  }, [location, onClose]);

  // Closed by the dialog itself, as Esc does: the browser gives the focus back to the menu button, and its
  // close event tells onClose. Unmounted first, the dialog would close detached, and the focus would be lost.
  const close = () => dialogRef.current?.close();

  return (
    // A click on the backdrop closes the drawer; keyboard users close it with Esc (native to <dialog>) or the button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={styles.drawer}
      aria-labelledby="drawer-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialogRef.current) close();
      }}
    >
      <div className={styles.head}>
        <h2 id="drawer-title" className={styles.title}>
          Menu
        </h2>
        <button type="button" className={styles.close} aria-label="Close menu" onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <nav aria-label="Main">
        <ul className={styles.list}>
          <li>
            <Link className={styles.link} to="/battlestations">
              View Battlestations
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.link}
              aria-expanded={partsOpen}
              aria-controls="drawer-part-categories"
              onClick={() => setPartsOpen((open) => !open)}
            >
              Browse Parts
            </button>
            <ul id="drawer-part-categories" className={styles.sub} hidden={!partsOpen}>
              {partsOpen && <PartCategoryLinks itemClassName={styles.link} />}
            </ul>
          </li>
          <li>
            <Link className={styles.link} to="/battlestations/new">
              New Build
            </Link>
          </li>
          {session.user ? (
            <>
              <li className={styles.sectionTitle}>{session.user.displayName}</li>
              {accountLinks(canUseAdmin(session)).map((link) => (
                <li key={link.to}>
                  <Link className={styles.link} to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => {
                    onClose();
                    void session.signOut();
                  }}
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            !session.loading && (
              <>
                <li>
                  <Link className={styles.link} to="/login">
                    Login
                  </Link>
                </li>
                <li>
                  <Link className={styles.link} to="/register">
                    Register
                  </Link>
                </li>
              </>
            )
          )}
        </ul>
      </nav>
    </dialog>
  );
}
