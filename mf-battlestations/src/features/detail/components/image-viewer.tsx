import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { imageUrl, thumbnailUrl } from '@battledeck/shared/format';
import { SafeImage } from '@battledeck/shared/ui';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { useSwipe } from '../hooks/use-swipe';
import styles from './image-viewer.module.css';

export interface ImageViewerProps {
  name: string;
  images: string[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const srcSetOf = (file: string) => `${thumbnailUrl('battlestations', file)} 640w, ${imageUrl('battlestations', file)} 2560w`;

/**
 * The full-screen photo viewer: name, 'n / total', close, previous/next that wrap around; arrow keys, Esc
 * and swipes do the same. Focus stays inside while it is open and returns to the opener after.
 */
export function ImageViewer({ name, images, index, onIndexChange, onClose }: ImageViewerProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const total = images.length;
  const go = (step: number) => onIndexChange((index + step + total) % total);
  const swipe = useSwipe((direction) => go(direction === 'left' ? 1 : -1));
  useFocusTrap(dialog, closeButton);

  const latest = useRef({ go, onClose });
  latest.current = { go, onClose };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onClose();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        latest.current.go(-1);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        latest.current.go(1);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The neighbours load in the background, so previous/next show at once.
  useEffect(() => {
    if (total < 2) return;
    for (const neighbour of new Set([images[(index + 1) % total], images[(index - 1 + total) % total]])) {
      const preload = new Image();
      preload.sizes = '100vw';
      preload.srcset = srcSetOf(neighbour);
    }
  }, [images, index, total]);

  const file = images[index];
  return createPortal(
    <div className={styles.backdrop}>
      <div ref={dialog} className={styles.viewer} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className={styles.bar}>
          <h2 id={titleId} className={styles.title}>
            {name}
          </h2>
          <p className={styles.position} aria-live="polite">
            {index + 1} / {total}
          </p>
          <button ref={closeButton} type="button" className={styles.iconButton} onClick={onClose} aria-label="Close">
            <CloseOutlined aria-hidden />
          </button>
        </header>
        <div className={styles.stage} {...swipe}>
          <SafeImage
            key={file}
            src={imageUrl('battlestations', file)}
            srcSet={srcSetOf(file)}
            sizes="100vw"
            alt={`${name}, photo ${index + 1} of ${total}`}
            className={styles.photo}
            loading="eager"
            draggable={false}
          />
        </div>
        {total > 1 && (
          <>
            <button type="button" className={`${styles.iconButton} ${styles.previous}`} onClick={() => go(-1)} aria-label="Previous photo">
              <LeftOutlined aria-hidden />
            </button>
            <button type="button" className={`${styles.iconButton} ${styles.next}`} onClick={() => go(1)} aria-label="Next photo">
              <RightOutlined aria-hidden />
            </button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
