import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, preloadStationImage, StationImage } from '@battledeck/shared/ui';
import type { BattlestationPart, PhotoHotspot, PhotoSize } from '@battledeck/shared/contract';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { useSwipe } from '../hooks/use-swipe';
import { PhotoHotspots } from './photo-hotspots';
import styles from './image-viewer.module.css';

export interface ImageViewerProps {
  name: string;
  images: string[];
  /** Each photo's size and width copies (the station's `image_sizes`): the viewer picks one for the screen. */
  imageSizes?: (PhotoSize | null)[];
  /** The station is private: its photos come through the API with the user's token (issue 15). */
  isPrivate?: boolean;
  /** Each photo's part markers and the parts they name (decision 020). */
  hotspots?: PhotoHotspot[][];
  parts?: BattlestationPart[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-screen photo viewer: name, 'n / total', close, previous/next that wrap around; the arrow keys,
 * Home/End, Esc and swipes (across to move, down to close) do the same, and the browser's Back closes it (it
 * has a history entry of its own). The photo is the full file at its own pixels, scaled down to fit the
 * window (contain), never up. Focus stays inside while it is open and returns to the opener after.
 */
export function ImageViewer({ name, images, imageSizes, isPrivate = false, hotspots, parts = [], index, onIndexChange, onClose }: ImageViewerProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const total = images.length;
  const go = (step: number) => onIndexChange((index + step + total) % total);
  const latest = useRef({ go, onClose, onIndexChange, total });
  latest.current = { go, onClose, onIndexChange, total };

  // Back closes the viewer: it adds a history entry, and every way of closing goes back over it.
  const closing = useRef(false);
  useEffect(() => {
    window.history.pushState(window.history.state, '');
    const onPopState = () => {
      closing.current = true;
      latest.current.onClose();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const close = () => {
    if (closing.current) return;
    closing.current = true;
    window.history.back();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  const swipe = useSwipe((direction) => (direction === 'down' ? close() : go(direction === 'left' ? 1 : -1)));
  useFocusTrap(dialog, closeButton);

  useEffect(() => {
    const keys: Record<string, () => void> = {
      Escape: () => closeRef.current(),
      ArrowLeft: () => latest.current.go(-1),
      ArrowRight: () => latest.current.go(1),
      Home: () => latest.current.onIndexChange(0),
      End: () => latest.current.onIndexChange(latest.current.total - 1),
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The neighbours load in the background, so previous/next show at once.
  useEffect(() => {
    if (total < 2) return;
    for (const neighbour of new Set([images[(index + 1) % total], images[(index - 1 + total) % total]])) {
      preloadStationImage(neighbour, { isPrivate });
    }
  }, [images, index, total, isPrivate]);

  const file = images[index];
  const size = imageSizes?.[index];
  const marks = hotspots?.[index];
  const framed = Boolean(marks?.length && size && size.width > 0 && size.height > 0);
  const photo = (
    <StationImage
      key={file}
      name={file}
      isPrivate={isPrivate}
      size={size}
      sizes="100vw"
      alt={`${name}, photo ${index + 1} of ${total}`}
      className={styles.photo}
      loading="eager"
      draggable={false}
    />
  );
  return createPortal(
    <div className={styles.backdrop}>
      <div ref={dialog} className={styles.viewer} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        {/* Not a <header>: inside a dialog on <body> it would be a second banner landmark. */}
        <div className={styles.bar}>
          <h2 id={titleId} className={styles.title}>
            {name}
          </h2>
          <p className={styles.position} aria-live="polite">
            {index + 1} / {total}
          </p>
          <button ref={closeButton} type="button" className={styles.iconButton} onClick={close} aria-label="Close">
            <CloseIcon />
          </button>
        </div>
        <div className={`${styles.stage} ${framed ? styles.framedStage : ''}`} {...swipe}>
          {framed && size ? (
            // The markers need a box exactly the photo's shape: as large as the stage allows, never past its pixels.
            <div className={styles.frame} style={{ '--ratio': size.width / size.height, '--natural-width': `${size.width}px` } as CSSProperties}>
              {photo}
              <PhotoHotspots hotspots={marks} parts={parts} label={`Parts in photo ${index + 1}`} />
            </div>
          ) : (
            photo
          )}
        </div>
        {total > 1 && (
          <>
            <button type="button" className={`${styles.iconButton} ${styles.previous}`} onClick={() => go(-1)} aria-label="Previous photo">
              <ChevronLeftIcon />
            </button>
            <button type="button" className={`${styles.iconButton} ${styles.next}`} onClick={() => go(1)} aria-label="Next photo">
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
