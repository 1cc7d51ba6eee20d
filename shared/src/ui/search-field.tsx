import { useRef } from 'react';
import { ClearIcon, SearchIcon } from './icons';
import styles from './controls.module.css';

export interface SearchFieldProps {
  id: string;
  /** The query parameter it submits as (a GET form works before the scripts run). */
  name: string;
  /** The box's accessible name (shown to screen readers only). */
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  /** The clear button: empties the box (the caller may search again at once). */
  onClear: () => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}

/**
 * A search box with a clear button and a search (submit) button, to sit inside a form: Enter or the button
 * submits the form, which the caller handles (or, without JavaScript, the browser sends as a GET).
 */
export function SearchField({ id, name, label, value, onValueChange, onClear, placeholder, maxLength = 200, className }: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={[styles.search, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className={styles.searchBox}>
        <input
          ref={input}
          id={id}
          name={name}
          type="search"
          className={styles.searchInput}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          enterKeyHint="search"
          autoComplete="off"
        />
        {value && (
          <button
            type="button"
            className={styles.clear}
            aria-label="Clear search"
            onClick={() => {
              onClear();
              // The button goes with the text: the focus goes back to the box, not to the page's start.
              input.current?.focus();
            }}
          >
            <ClearIcon />
          </button>
        )}
      </div>
      {/* The form's first submit button, so Enter in the box submits through it. */}
      <button type="submit" className={`${styles.button} ${styles.primary} ${styles.searchButton}`} aria-label="Search">
        <SearchIcon />
      </button>
    </div>
  );
}

/**
 * The search term a form submits, read from the box itself rather than React state: text typed before the
 * page hydrated is in the box but was never seen by onChange. Empty means no search.
 */
export function submittedTerm(form: HTMLFormElement, name = 'searchTerm'): string | undefined {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() || undefined : undefined;
}
