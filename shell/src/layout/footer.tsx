import { BRAND, COPYRIGHT_YEAR, SOCIAL_LINK } from '@battledeck/shared/format';
import { Link } from 'react-router-dom';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/battlestations">Battlestations</Link>
            </li>
            <li>
              <Link to="/parts">Parts</Link>
            </li>
            <li>
              <a href="/privacy.html" target="_blank" rel="noopener noreferrer">
                Privacy<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={SOCIAL_LINK} target="_blank" rel="noopener noreferrer">
                r/battlestations<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>
          © {COPYRIGHT_YEAR} {BRAND}
        </p>
      </div>
    </footer>
  );
}
