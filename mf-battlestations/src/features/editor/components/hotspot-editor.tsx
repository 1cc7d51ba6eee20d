import { PlusOutlined } from '@ant-design/icons';
import { HOTSPOTS_PER_PHOTO_MAX } from '@battledeck/shared/contract';
import { SafeImage, SelectField, StationImage } from '@battledeck/shared/ui';
import { Button } from 'antd';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PartItem, PhotoItem } from '../utils/form-schema';
import { clampPosition, hotspotKey, nextPartFor, type HotspotItem } from '../utils/hotspots';
import styles from './hotspot-editor.module.css';

export interface HotspotEditorProps {
  photo: PhotoItem;
  /** The photo's label, e.g. 'Photo 2'. */
  label: string;
  parts: PartItem[];
  onChange: (hotspots: HotspotItem[]) => void;
  onClose: () => void;
}

/** Arrow keys move a marker by 1% of the photo, 10% with Shift. */
const STEP = 0.01;
const BIG_STEP = 0.1;
const MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * 'Mark parts' for one photo (decision 020): click the photo to place a marker and pick its part, drag a
 * marker to move it; or Add marker (at the centre), the arrow keys to move the focused marker and Delete to
 * remove it. Each marker is a button named by its part.
 */
export function HotspotEditor({ photo, label, parts, onChange, onClose }: HotspotEditorProps) {
  const hotspots = photo.hotspots ?? [];
  const frame = useRef<HTMLDivElement>(null);
  const markers = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [selected, setSelected] = useState<string | null>(hotspots[0]?.key ?? null);
  const [status, setStatus] = useState('');
  // Where the focus goes once the markers have changed (like the photo list's refocus).
  const refocus = useRef<{ key: string | null; target: 'marker' | 'select' | 'add' } | null>(null);
  const drag = useRef<{ key: string; pointerId: number } | null>(null);
  const helpId = useId();
  const headingId = useId();
  const selectId = useId();

  const partName = (partId: number) => parts.find((part) => part.part_id === partId)?.name ?? 'Unknown part';
  const full = hotspots.length >= HOTSPOTS_PER_PHOTO_MAX;
  const current = hotspots.find((hotspot) => hotspot.key === selected);

  // The panel opens with the focus on its heading, so a screen reader starts at its instructions.
  useEffect(() => heading.current?.focus(), []);

  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    if (target.target === 'add') addButton.current?.focus();
    else if (target.target === 'select') document.getElementById(selectId)?.focus();
    else if (target.key) markers.current.get(target.key)?.focus();
  }, [photo.hotspots, selectId]);

  const update = (key: string, change: Partial<HotspotItem>) => onChange(hotspots.map((hotspot) => (hotspot.key === key ? { ...hotspot, ...change } : hotspot)));

  const add = (x: number, y: number, focus: 'marker' | 'select') => {
    const partId = nextPartFor(hotspots, parts);
    if (full || partId === undefined) return;
    const hotspot = { key: hotspotKey(), part_id: partId, x: clampPosition(x), y: clampPosition(y) };
    onChange([...hotspots, hotspot]);
    setSelected(hotspot.key);
    refocus.current = { key: hotspot.key, target: focus };
    setStatus(`Marker ${hotspots.length + 1} added for ${partName(partId)}. Choose its part below.`);
  };

  const remove = (key: string) => {
    const index = hotspots.findIndex((hotspot) => hotspot.key === key);
    const rest = hotspots.filter((hotspot) => hotspot.key !== key);
    const neighbour = rest[index] ?? rest[index - 1];
    onChange(rest);
    setSelected(neighbour?.key ?? null);
    refocus.current = neighbour ? { key: neighbour.key, target: 'marker' } : { key: null, target: 'add' };
    setStatus(`Marker for ${partName(hotspots[index].part_id)} removed.`);
  };

  /** The pointer's place on the photo, 0-1 across and down. */
  const positionOf = (event: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };

  const onFramePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const at = positionOf(event);
    if (!at) return;
    event.preventDefault();
    add(at.x, at.y, 'select');
  };

  const onMarkerPointerDown = (event: PointerEvent<HTMLButtonElement>, key: string) => {
    event.stopPropagation();
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { key, pointerId: event.pointerId };
    setSelected(key);
  };

  const onMarkerPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const at = positionOf(event);
    if (at) update(drag.current.key, { x: clampPosition(at.x), y: clampPosition(at.y) });
  };

  const onMarkerPointerUp = (event: PointerEvent<HTMLButtonElement>, hotspot: HotspotItem) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setStatus(`${partName(hotspot.part_id)}: ${percent(hotspot.x)} across, ${percent(hotspot.y)} down.`);
  };

  const onMarkerKeyDown = (event: KeyboardEvent<HTMLButtonElement>, hotspot: HotspotItem) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(hotspot.key);
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const step = event.shiftKey ? BIG_STEP : STEP;
    const x = clampPosition(hotspot.x + move[0] * step);
    const y = clampPosition(hotspot.y + move[1] * step);
    update(hotspot.key, { x, y });
    setStatus(`${partName(hotspot.part_id)}: ${percent(x)} across, ${percent(y)} down.`);
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId} id="hotspot-editor">
      <div className={styles.header}>
        <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
          Mark parts on {label}
        </h3>
        <Button onClick={onClose}>Done</Button>
      </div>
      {parts.length === 0 ? (
        <p className={styles.hint}>Add the parts of your battlestation first: each marker points to one of them.</p>
      ) : (
        <>
          <p id={helpId} className={styles.hint}>
            Click the photo to place a marker, then choose its part; drag a marker to move it. With the keyboard: Add marker puts one in the middle, the arrow keys move the focused marker (hold Shift for bigger steps), Delete removes it.
          </p>
          <div className={styles.stage}>
            {/* The pointer's way to place a marker; the keyboard's is the Add marker button below. */}
            <div ref={frame} className={styles.frame} onPointerDown={onFramePointerDown} data-testid="hotspot-photo">
              {photo.kind === 'stored' ? (
                <StationImage name={photo.name} isPrivate={photo.isPrivate === true} alt={label} className={styles.photo} draggable={false} />
              ) : (
                <SafeImage src={photo.previewUrl} alt={label} className={styles.photo} draggable={false} />
              )}
              {hotspots.map((hotspot, index) => (
                <button
                  key={hotspot.key}
                  ref={(element) => {
                    if (element) markers.current.set(hotspot.key, element);
                    else markers.current.delete(hotspot.key);
                  }}
                  type="button"
                  className={`${styles.marker} ${hotspot.key === selected ? styles.selected : ''}`}
                  style={{ left: `${hotspot.x * 100}%`, top: `${hotspot.y * 100}%` }}
                  aria-label={partName(hotspot.part_id)}
                  aria-describedby={helpId}
                  aria-pressed={hotspot.key === selected}
                  onFocus={() => setSelected(hotspot.key)}
                  onPointerDown={(event) => onMarkerPointerDown(event, hotspot.key)}
                  onPointerMove={onMarkerPointerMove}
                  onPointerUp={(event) => onMarkerPointerUp(event, hotspot)}
                  onPointerCancel={() => (drag.current = null)}
                  onKeyDown={(event) => onMarkerKeyDown(event, hotspot)}
                >
                  <span aria-hidden="true">{index + 1}</span>
                </button>
              ))}
            </div>
          </div>
          <div className={styles.toolbar}>
            <Button ref={addButton} icon={<PlusOutlined aria-hidden />} onClick={() => add(0.5, 0.5, 'marker')} disabled={full}>
              Add marker
            </Button>
            {current && (
              <>
                <SelectField
                  id={selectId}
                  label={`Part of marker ${hotspots.indexOf(current) + 1}`}
                  fieldClassName={styles.partChoice}
                  className={styles.partSelect}
                  value={current.part_id}
                  onChange={(event) => update(current.key, { part_id: Number(event.target.value) })}
                  options={parts.map((part) => ({ value: part.part_id, label: `${part.name} (${part.type_name})` }))}
                />
                <Button danger onClick={() => remove(current.key)}>
                  Remove marker
                </Button>
              </>
            )}
          </div>
          {full && <p className={styles.hint}>A photo can have at most {HOTSPOTS_PER_PHOTO_MAX} markers.</p>}
        </>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </section>
  );
}
