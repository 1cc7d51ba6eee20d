import { badRequest } from '../errors';

export const IMAGE_ORDER_MESSAGES = {
  unknownRemoved: 'Some of the photos to remove are not part of this battlestation.',
  unknownChanged: 'Some of the photos to reorder are not part of this battlestation.',
  movedTwice: 'Each photo can be given only one new position.',
  addedOrderLength: 'added_images_order must give one position for each added photo.',
} as const;

export interface CurrentImage {
  image_id: number;
  image: string;
  display_order: number;
}

export interface ImageOrderChanges {
  /** Names of photos to remove. */
  removed: readonly string[];
  /** Kept photos with their final position (0-based). */
  changed: readonly { image: string; display_order: number }[];
  addedCount: number;
  /** Final position of each added photo, in the order the files were sent; absent: after the others. */
  addedOrder?: readonly number[];
}

export interface ImageOrderPlan {
  removed: string[];
  /** image_id → new display_order, for kept photos whose position changes. */
  keptPositions: Map<number, number>;
  /** display_order of each added photo. */
  addedPositions: number[];
}

type Slot = { position: number; explicit: boolean; seq: number } & ({ kind: 'kept'; row: CurrentImage } | { kind: 'added'; index: number });

/**
 * The photos' order after an update, renumbered 0..n-1. Each photo sorts by its requested position
 * (changed_images, added_images_order) or else its current one; on a tie a photo placed explicitly goes
 * first, so sending the new position of every photo that moves always gives exactly that order.
 */
export function planImageOrder(current: readonly CurrentImage[], changes: ImageOrderChanges): ImageOrderPlan {
  const names = new Set(current.map((row) => row.image));
  const removed = [...new Set(changes.removed)];
  if (removed.some((name) => !names.has(name))) throw badRequest(IMAGE_ORDER_MESSAGES.unknownRemoved);
  const removedSet = new Set(removed);

  const requested = new Map<string, number>();
  for (const { image, display_order } of changes.changed) {
    if (!names.has(image) || removedSet.has(image)) throw badRequest(IMAGE_ORDER_MESSAGES.unknownChanged);
    if (requested.has(image)) throw badRequest(IMAGE_ORDER_MESSAGES.movedTwice);
    requested.set(image, display_order);
  }
  if (changes.addedOrder && changes.addedOrder.length !== changes.addedCount) throw badRequest(IMAGE_ORDER_MESSAGES.addedOrderLength);

  const slots: Slot[] = [];
  for (const row of current) {
    if (removedSet.has(row.image)) continue;
    const target = requested.get(row.image);
    slots.push({ kind: 'kept', row, position: target ?? row.display_order, explicit: target !== undefined, seq: slots.length });
  }
  for (let index = 0; index < changes.addedCount; index++) {
    const target = changes.addedOrder?.[index];
    slots.push({ kind: 'added', index, position: target ?? Number.MAX_SAFE_INTEGER, explicit: target !== undefined, seq: slots.length });
  }
  slots.sort((a, b) => a.position - b.position || Number(b.explicit) - Number(a.explicit) || a.seq - b.seq);

  const keptPositions = new Map<number, number>();
  const addedPositions: number[] = new Array<number>(changes.addedCount);
  slots.forEach((slot, position) => {
    if (slot.kind === 'added') addedPositions[slot.index] = position;
    else if (slot.row.display_order !== position) keptPositions.set(slot.row.image_id, position);
  });
  return { removed, keptPositions, addedPositions };
}
