import { imageUrl } from '@battledeck/shared/format';
import type { BattlestationPart, PhotoHotspot, PhotoSize } from '@battledeck/shared/contract';
import { ChevronLeftIcon, ChevronRightIcon, StationImage } from '@battledeck/shared/ui';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ImageViewer } from './image-viewer';
import { PhotoHotspots } from './photo-hotspots';
import styles from './gallery.module.css';

export const GALLERY_MESSAGES = { empty: "This battlestation doesn't have any photos yet." } as const;

/** SPEC §9: the scroll buttons move the strip by one fifth of its scroll width. */
export const SCROLL_FRACTION = 1 / 5;

/** A click the browser should handle itself (a new tab or window), not the viewer. */
const isOwnClick = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

interface ThumbProps {
  file: string;
  isPrivate: boolean;
  label: string;
  onOpen: () => void;
  children: ReactNode;
}

/**
 * A photo's opener. A public photo is a link to its full file (it works before the scripts run and opens in
 * a new tab); a plain click or Space opens the viewer instead. A private photo is no public file: a button.
 */
function Thumb({ file, isPrivate, label, onOpen, children }: ThumbProps) {
  if (isPrivate) {
    return (
      <button type="button" className={styles.thumb} onClick={onOpen} aria-label={label}>
        {children}
      </button>
    );
  }
  return (
    <a
      href={imageUrl('battlestations', file)}
      className={styles.thumb}
      aria-label={label}
      onClick={(event) => {
        if (isOwnClick(event)) return;
        event.preventDefault();
        onOpen();
      }}
      // Space opened it when it was a button: keep it, rather than scroll the page.
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The photo strip with left/right scroll buttons; a photo opens the full-screen viewer. A private station's
 * photos are fetched with the user's token (issue 15).
 */
/** A strip tile is 78vw on a phone and at most 360px beside (gallery.module.css). */
const TILE_SIZES = '(max-width: 600px) 78vw, 360px';
/** The tiles' shape (gallery.module.css): a photo of another shape is cropped, and so are its markers' places. */
const TILE_RATIO = 4 / 3;

export function Gallery({
  name,
  images,
  imageSizes,
  isPrivate = false,
  hotspots,
  parts = [],
}: {
  name: string;
  images: string[];
  /** Each photo's size and width copies, in the order of `images` (the station's `image_sizes`). */
  imageSizes?: (PhotoSize | null)[];
  isPrivate?: boolean;
  /** Each photo's part markers, in the order of `images` (the station's `image_hotspots`, decision 020). */
  hotspots?: PhotoHotspot[][];
  /** The station's parts, which the markers name and link to. */
  parts?: BattlestationPart[];
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    setEdges({ atStart: el.scrollLeft <= 2, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 2 });
  }, []);

  // Measured before paint, so the scroll buttons never pop in after the photos show.
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, images.length]);

  const scroll = (direction: -1 | 1) => {
    const el = strip.current;
    if (!el || (direction < 0 ? edges.atStart : edges.atEnd)) return;
    el.scrollBy({ left: direction * el.scrollWidth * SCROLL_FRACTION, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  if (images.length === 0) return <p className={styles.empty}>{GALLERY_MESSAGES.empty}</p>;

  const total = images.length;
  const scrollable = !(edges.atStart && edges.atEnd);
  return (
    <div className={`${styles.gallery} ${scrollable ? styles.scrollable : ''} ${total > 1 ? styles.several : ''}`}>
      {/* aria-disabled, not disabled: a button reaching the end keeps the keyboard focus. */}
      <button type="button" className={`${styles.scroll} ${styles.left}`} onClick={() => scroll(-1)} aria-disabled={edges.atStart} aria-label="Scroll photos left">
        <ChevronLeftIcon />
      </button>
      <ul ref={strip} className={styles.strip} onScroll={measure} aria-label="Photos">
        {images.map((file, i) => (
          <li key={file}>
            <Thumb file={file} isPrivate={isPrivate} onOpen={() => setViewing(i)} label={`Open photo ${i + 1} of ${total}`}>
              <StationImage
                name={file}
                isPrivate={isPrivate}
                thumb
                size={imageSizes?.[i]}
                sizes={TILE_SIZES}
                alt=""
                width={640}
                height={480}
                // The first photo is the page's largest (LCP): eager, high priority; the rest lazy (an eager
                // one would be preloaded by the server's HTML and compete with it).
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </Thumb>
            <PhotoHotspots hotspots={hotspots?.[i]} parts={parts} size={imageSizes?.[i]} boxRatio={TILE_RATIO} label={`Parts in photo ${i + 1}`} className={styles.markers} />
          </li>
        ))}
      </ul>
      <button type="button" className={`${styles.scroll} ${styles.right}`} onClick={() => scroll(1)} aria-disabled={edges.atEnd} aria-label="Scroll photos right">
        <ChevronRightIcon />
      </button>
      {viewing !== null && <ImageViewer name={name} images={images} imageSizes={imageSizes} isPrivate={isPrivate} hotspots={hotspots} parts={parts} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
