import { useState } from 'react';

/**
 * A search box's text: what the user types, set back to the applied term whenever the URL's term changes
 * (back/forward, a category that starts the search again), so the box always shows what is applied.
 */
export function useSearchText(appliedTerm: string | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(appliedTerm ?? '');
  const [shownTerm, setShownTerm] = useState(appliedTerm);
  if (shownTerm !== appliedTerm) {
    setShownTerm(appliedTerm);
    setText(appliedTerm ?? '');
  }
  return [text, setText];
}
