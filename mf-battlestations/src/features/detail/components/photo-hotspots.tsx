import type { BattlestationPart, PhotoHotspot, PhotoSize } from '@battledeck/shared/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { labelSide, placeMarker } from '../utils/hotspot-placement';
import styles from './photo-hotspots.module.css';

export interface PhotoHotspotsProps {
  hotspots?: PhotoHotspot[];
  /** The station's parts: a marker shows its part's name and links to its page. */
  parts: Pick<BattlestationPart, 'part_id' | 'name' | 'type_name'>[];
  /** The photo's size, for a box that crops it (`boxRatio`, width / height, with `object-fit: cover`). */
  size?: PhotoSize | null;
  boxRatio?: number;
  /** The list's accessible name, e.g. 'Parts in photo 2'. */
  label: string;
  className?: string;
}

/**
 * A photo's part markers (decision 020), laid over the box that shows it: each a link to its part's page named
 * by the part, placed in % (so the server's HTML has them where they belong). Hover or keyboard focus shows the
 * part's name (Escape hides it again); a tap shows it first and a second tap follows the link.
 */
export function PhotoHotspots({ hotspots, parts, size, boxRatio, label, className = '' }: PhotoHotspotsProps) {
  const [open, setOpen] = useState<number | null>(null);
  // Escape hides a label shown by hover or focus until the pointer or focus leaves (WCAG 1.4.13).
  const [dismissed, setDismissed] = useState<number | null>(null);
  const byTouch = useRef(false);
  const layer = useRef<HTMLUListElement>(null);

  // A tap anywhere else closes the open label.
  useEffect(() => {
    if (open === null) return;
    const close = (event: Event) => {
      if (!layer.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const byId = new Map(parts.map((part) => [part.part_id, part]));
  const markers = (hotspots ?? []).flatMap((hotspot, index) => {
    const part = byId.get(hotspot.part_id);
    const place = placeMarker(hotspot.x, hotspot.y, size, boxRatio);
    return part && place ? [{ index, part, place }] : [];
  });
  if (markers.length === 0) return null;

  return (
    <ul ref={layer} className={`${styles.layer} ${className}`} aria-label={label}>
      {markers.map(({ index, part, place }) => {
        const side = labelSide(place);
        return (
          <li key={index} className={styles.spot} style={{ left: `${place.left}%`, top: `${place.top}%` }}>
            <Link
              to={`/parts/view/${part.part_id}`}
              className={styles.marker}
              data-open={open === index ? '' : undefined}
              data-dismissed={dismissed === index ? '' : undefined}
              aria-label={part.name}
              onPointerDown={(event) => {
                byTouch.current = event.pointerType === 'touch' || event.pointerType === 'pen';
                event.stopPropagation();
              }}
              onClick={(event) => {
                if (!byTouch.current || open === index) return;
                event.preventDefault();
                setOpen(index);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Escape' || dismissed === index) return;
                // The first Escape hides the label; the next one reaches the viewer (which closes).
                event.preventDefault();
                event.stopPropagation();
                setDismissed(index);
                setOpen(null);
              }}
              onPointerLeave={() => setDismissed((current) => (current === index ? null : current))}
              onBlur={() => {
                setOpen((current) => (current === index ? null : current));
                setDismissed((current) => (current === index ? null : current));
              }}
            >
              <span className={styles.dot} aria-hidden="true" />
              <span className={`${styles.label} ${styles[side.vertical]} ${styles[side.horizontal]}`} aria-hidden="true">
                <span className={styles.name}>{part.name}</span>
                <span className={styles.hint}>{part.type_name} · View part</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
