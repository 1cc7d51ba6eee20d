import { PictureOutlined } from '@ant-design/icons';
import { BATTLESTATION_MESSAGES, LIMITS } from '@battledeck/shared/contract';
import { closestCenter, DndContext, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button } from 'antd';
import { useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { usePreviewUrls } from '../hooks/use-preview-urls';
import { addPhotos } from '../utils/add-photos';
import { sniffImageKind } from '../utils/sniff-image';
import { ACCEPTED_IMAGE_TYPES, type PartItem, type PhotoItem } from '../utils/form-schema';
import { HotspotEditor } from './hotspot-editor';
import { PhotoTile, photoLabel, type TileAction } from './photo-tile';
import styles from './photo-field.module.css';

export interface PhotoFieldProps {
  id: string;
  value: PhotoItem[];
  /** The station's parts, which the photos' markers point to (decision 020). */
  parts?: PartItem[];
  onChange: (photos: PhotoItem[]) => void;
  error?: string;
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To reorder with the keyboard, press Space or Enter on the handle, move the photo one place with each arrow key, then press Space or Enter to drop it, or Escape to cancel. The Move left and Move right buttons do the same in one step.',
};

/** SPEC §9: while dragging a photo near an edge, the page scrolls every 5 ms. */
const AUTO_SCROLL = { interval: 5 };

/**
 * The ordered photos: add (picker or drop), remove, and reorder by dragging (pointer or keyboard, dnd-kit)
 * or with the Move left/right buttons, so no one has to drag (WCAG 2.5.7). The first photo is the cover.
 */
export function PhotoField({ id, value, parts = [], onChange, error }: PhotoFieldProps) {
  const [marking, setMarking] = useState<string | null>(null);
  const markingIndex = value.findIndex((photo) => photo.key === marking);
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const [dropping, setDropping] = useState(false);
  const buttons = useRef(new Map<string, Partial<Record<TileAction, HTMLButtonElement | null>>>());
  const refocus = useRef<{ key: string; action: TileAction } | null>(null);
  usePreviewUrls(value);

  // The whole tile drags with a mouse (after 5 px, so its buttons still click) or a finger (after a short
  // press, so the page still scrolls); the handle drags with the keyboard, one place per arrow key.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Keeps the focus on the button that moved a photo (or on a neighbour after a removal).
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    buttons.current.get(target.key)?.[target.action]?.focus();
  }, [value]);

  const labelOf = (key: string | number) => {
    const index = value.findIndex((photo) => photo.key === key);
    return index >= 0 ? photoLabel(value[index], index) : 'Photo';
  };
  const positionOf = (key: string | number) => value.findIndex((photo) => photo.key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${labelOf(active.id)} is over position ${positionOf(over.id)} of ${value.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${value.length}.` : `${labelOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Reordering cancelled. ${labelOf(active.id)} is back in place.`,
  };

  // The latest list, for adding after the files' first bytes have been read.
  const latest = useRef(value);
  latest.current = value;

  /** Reads the new files' first bytes and flags those that are not a JPEG, PNG or GIF on their tile. */
  const flagNonImages = async (photos: PhotoItem[]) => {
    const kinds = await Promise.all(photos.map((photo) => (photo.kind === 'new' ? sniffImageKind(photo.file).catch(() => null) : 'stored')));
    const bad = new Set(photos.filter((_, i) => kinds[i] === null).map((photo) => photo.key));
    if (bad.size === 0) return;
    const named = photos.flatMap((photo) => (bad.has(photo.key) && photo.kind === 'new' ? [photo.file.name] : []));
    setStatus(`${named.join(', ')}: ${BATTLESTATION_MESSAGES.notAnImage}`);
    onChange(latest.current.map((photo) => (bad.has(photo.key) && photo.kind === 'new' ? { ...photo, notAnImage: true } : photo)));
  };

  const add = (files: File[]) => {
    const result = addPhotos(value, files);
    const added = result.photos.length - value.length;
    setStatus(
      result.overLimit > 0
        ? BATTLESTATION_MESSAGES.tooManyImages
        : `${added} photo${added === 1 ? '' : 's'} added.${added < files.length ? ' Files with a name already on the list were skipped.' : ''}`,
    );
    if (added === 0) return;
    latest.current = result.photos;
    onChange(result.photos);
    void flagNonImages(result.photos.slice(value.length));
  };

  const move = (index: number, step: -1 | 1, action: TileAction) => {
    const target = index + step;
    if (target < 0 || target >= value.length) return;
    // The button keeps the focus (aria-disabled, not disabled, at the ends), so moving on is one key away.
    refocus.current = { key: value[index].key, action };
    setStatus(`${photoLabel(value[index], target)} moved to position ${target + 1} of ${value.length}.`);
    onChange(arrayMove(value, index, target));
  };

  const remove = (index: number) => {
    const neighbour = value[index + 1] ?? value[index - 1];
    if (neighbour) refocus.current = { key: neighbour.key, action: 'remove' };
    setStatus(`${photoLabel(value[index], index)} removed.`);
    onChange(value.filter((_, i) => i !== index));
    if (!neighbour) input.current?.focus();
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.findIndex((photo) => photo.key === active.id);
    const to = value.findIndex((photo) => photo.key === over.id);
    onChange(arrayMove(value, from, to));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <div className={styles.field}>
      <div
        className={`${styles.dropzone} ${dropping ? styles.dropping : ''}`}
        onDragOver={(event) => {
          if ([...event.dataTransfer.types].includes('Files')) {
            event.preventDefault();
            setDropping(true);
          }
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        <PictureOutlined className={styles.dropIcon} aria-hidden="true" />
        <p className={styles.dropText}>Drag photos here, or</p>
        <Button id={id} onClick={() => input.current?.click()} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
          Choose photos
        </Button>
        <p id={`${id}-hint`} className={styles.hint}>
          <span>Only PNG, JPG or GIF</span> · up to 4 MB each · {LIMITS.imagesPerStationMax} photos at most
        </p>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {value.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} autoScroll={AUTO_SCROLL} accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}>
          <SortableContext items={value.map((photo) => photo.key)} strategy={rectSortingStrategy}>
            <ol className={styles.grid} aria-label="Photos, in display order">
              {value.map((photo, index) => (
                <PhotoTile
                  key={photo.key}
                  photo={photo}
                  index={index}
                  total={value.length}
                  onMove={(step) => move(index, step, step < 0 ? 'left' : 'right')}
                  onRemove={() => remove(index)}
                  onMarkParts={() => setMarking(marking === photo.key ? null : photo.key)}
                  marking={marking === photo.key}
                  buttonRef={(action, element) => {
                    const entry = buttons.current.get(photo.key) ?? {};
                    entry[action] = element;
                    buttons.current.set(photo.key, entry);
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {markingIndex >= 0 && (
        <HotspotEditor
          key={marking}
          photo={value[markingIndex]}
          label={`Photo ${markingIndex + 1}`}
          parts={parts}
          onChange={(hotspots) => onChange(value.map((photo, i) => (i === markingIndex ? { ...photo, hotspots } : photo)))}
          onClose={() => {
            // Focus goes back to the photo's Mark parts button.
            buttons.current.get(value[markingIndex].key)?.mark?.focus();
            setMarking(null);
          }}
        />
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
