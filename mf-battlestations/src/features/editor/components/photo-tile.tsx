import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { SafeImage, StationImage } from '@battledeck/shared/ui';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEventHandler } from 'react';
import { photoProblem, type PhotoItem } from '../utils/form-schema';
import styles from './photo-field.module.css';

export type TileAction = 'left' | 'right' | 'remove' | 'mark';

export interface PhotoTileProps {
  photo: PhotoItem;
  index: number;
  total: number;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  /** Registers the tile's buttons, so focus can follow a photo after it moves. */
  buttonRef: (action: TileAction, element: HTMLButtonElement | null) => void;
  /** Opens (or closes) 'Mark parts' for this photo (decision 020). */
  onMarkParts?: () => void;
  marking?: boolean;
}

export const photoLabel = (photo: PhotoItem, index: number) => (photo.kind === 'new' ? `Photo ${index + 1} (${photo.file.name})` : `Photo ${index + 1}`);

/** One photo of the ordered list: drag handle, position, move left/right (no dragging needed), remove. */
export function PhotoTile({ photo, index, total, onMove, onRemove, buttonRef, onMarkParts, marking = false }: PhotoTileProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photo.key });
  // Mouse and touch pick up the whole tile; the keyboard works on the handle only, so Enter on Remove removes.
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const onHandleKeyDown = onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined;
  const problem = photoProblem(photo);
  const label = photoLabel(photo, index);
  const markCount = photo.hotspots?.length ?? 0;
  return (
    <li
      ref={setNodeRef}
      {...pointerListeners}
      className={`${styles.tile} ${isDragging ? styles.dragging : ''} ${problem ? styles.invalid : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className={styles.preview}>
        {/* Not natively draggable: a mouse drag anywhere on the tile is the reordering drag. */}
        {photo.kind === 'stored' ? (
          <StationImage name={photo.name} isPrivate={photo.isPrivate === true} thumb alt={label} width={640} height={480} draggable={false} />
        ) : (
          <SafeImage src={photo.previewUrl} alt={label} width={640} height={480} draggable={false} />
        )}
        {index === 0 && <span className={styles.cover}>Cover</span>}
      </div>
      <div className={styles.tools}>
        <button
          ref={setActivatorNodeRef}
          type="button"
          className={`${styles.tool} ${styles.handle}`}
          {...attributes}
          onKeyDown={onHandleKeyDown}
          aria-label={`Drag ${label} to reorder`}
          title="Drag to reorder (or press Space, then the arrow keys)"
        >
          <HolderOutlined aria-hidden />
        </button>
        <span className={styles.position} aria-hidden="true">
          {index + 1}
        </span>
        <button
          ref={(el) => buttonRef('left', el)}
          type="button"
          className={styles.tool}
          onClick={() => onMove(-1)}
          aria-disabled={index === 0}
          aria-label={`Move ${label} left`}
          title="Move left"
        >
          <ArrowLeftOutlined aria-hidden />
        </button>
        <button
          ref={(el) => buttonRef('right', el)}
          type="button"
          className={styles.tool}
          onClick={() => onMove(1)}
          aria-disabled={index === total - 1}
          aria-label={`Move ${label} right`}
          title="Move right"
        >
          <ArrowRightOutlined aria-hidden />
        </button>
        <button
          ref={(el) => buttonRef('remove', el)}
          type="button"
          className={`${styles.tool} ${styles.remove}`}
          onClick={onRemove}
          aria-label={`Remove ${label}`}
          title="Remove"
        >
          <DeleteOutlined aria-hidden />
        </button>
      </div>
      {onMarkParts && !problem && (
        <button
          type="button"
          className={`${styles.markParts} ${marking ? styles.marking : ''}`}
          ref={(el) => buttonRef('mark', el)}
          onClick={onMarkParts}
          aria-expanded={marking}
          aria-controls={marking ? 'hotspot-editor' : undefined}
          aria-label={`Mark parts on ${label}${markCount ? `, ${markCount} marker${markCount === 1 ? '' : 's'}` : ''}`}
        >
          <span className={styles.markDot} aria-hidden="true" /> Mark parts{markCount ? ` (${markCount})` : ''}
        </button>
      )}
      {problem && <p className={styles.tileError}>{problem}</p>}
    </li>
  );
}
