import { useEffect, useState } from 'react';

/** 'just now' under 5 s, then seconds, then minutes: how old the figures on screen are. */
export function ageText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** "Updated … ago", ticking while it is shown; not a live region, so a screen reader is not interrupted every second. */
export function UpdatedAgo({ at, refreshing, className }: { at: number; refreshing: boolean; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={className}>
      {refreshing ? 'Updating…' : `Updated ${ageText(Math.max(0, now - at))}`}
    </p>
  );
}
