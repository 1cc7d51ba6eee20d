import { useRef, type PointerEvent } from 'react';

/** A swipe of at least this many pixels counts: across (more across than down) or down (more down than across). */
export const SWIPE_MIN_PX = 50;

export type SwipeDirection = 'left' | 'right' | 'down';

/** Pointer handlers for a swipe left (next), right (previous) or down (close) with a finger, pen or mouse. */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 'left' : 'right');
      else if (dy >= SWIPE_MIN_PX && dy > Math.abs(dx)) onSwipe('down');
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
