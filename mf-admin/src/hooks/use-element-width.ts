import { useLayoutEffect, useState, type RefObject } from 'react';

/** An element's width in CSS pixels, followed as it resizes; undefined until it has been laid out (and on the server). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  // Measured before paint, so what depends on the width never shows drawn for another one.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
