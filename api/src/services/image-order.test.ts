import { HttpError } from '../errors';
import { planImageOrder, type CurrentImage } from './image-order';

const current: CurrentImage[] = ['a', 'b', 'c', 'd'].map((image, i) => ({ image_id: i + 1, image, display_order: i }));

/** The final order of names (added photos as +0, +1, …). */
function order(changes: Parameters<typeof planImageOrder>[1]): string[] {
  const plan = planImageOrder(current, changes);
  const slots: string[] = [];
  for (const row of current) {
    if (plan.removed.includes(row.image)) continue;
    slots[plan.keptPositions.get(row.image_id) ?? row.display_order] = row.image;
  }
  plan.addedPositions.forEach((position, i) => (slots[position] = `+${i}`));
  return slots;
}

describe('planImageOrder', () => {
  it('keeps the order when nothing moves, and closes the gap of a removed photo', () => {
    expect(order({ removed: [], changed: [], addedCount: 0 })).toEqual(['a', 'b', 'c', 'd']);
    expect(order({ removed: ['b'], changed: [], addedCount: 0 })).toEqual(['a', 'c', 'd']);
  });

  it('gives every moved photo its requested position', () => {
    const moves = [
      { image: 'b', display_order: 0 },
      { image: 'c', display_order: 1 },
      { image: 'd', display_order: 2 },
      { image: 'a', display_order: 3 },
    ];
    expect(order({ removed: [], changed: moves, addedCount: 0 })).toEqual(['b', 'c', 'd', 'a']);
    expect(order({ removed: [], changed: [{ image: 'd', display_order: 0 }], addedCount: 0 })).toEqual(['d', 'a', 'b', 'c']);
  });

  it('places added photos at their positions, or after the others', () => {
    expect(order({ removed: ['a'], changed: [{ image: 'b', display_order: 1 }, { image: 'c', display_order: 2 }, { image: 'd', display_order: 3 }], addedCount: 1, addedOrder: [0] })).toEqual([
      '+0',
      'b',
      'c',
      'd',
    ]);
    expect(order({ removed: [], changed: [], addedCount: 2 })).toEqual(['a', 'b', 'c', 'd', '+0', '+1']);
  });

  it('only renumbers photos whose position changes', () => {
    const plan = planImageOrder(current, { removed: ['d'], changed: [], addedCount: 0 });
    expect(plan.keptPositions.size).toBe(0);
  });

  it.each([
    [{ removed: ['zzz'], changed: [], addedCount: 0 }, 'Some of the photos to remove are not part of this battlestation.'],
    [{ removed: ['a'], changed: [{ image: 'a', display_order: 0 }], addedCount: 0 }, 'Some of the photos to reorder are not part of this battlestation.'],
    [{ removed: [], changed: [{ image: 'a', display_order: 1 }, { image: 'a', display_order: 2 }], addedCount: 0 }, 'Each photo can be given only one new position.'],
    [{ removed: [], changed: [], addedCount: 2, addedOrder: [0] }, 'added_images_order must give one position for each added photo.'],
  ])('refuses inconsistent changes (%#)', (changes, message) => {
    expect(() => planImageOrder(current, changes)).toThrow(new HttpError(400, message));
  });
});
