import { KeyboardCode } from '@dnd-kit/core';
import { KEYBOARD_DRAG_STEP_PX, photoKeyboardCoordinates } from './photo-keyboard';

const move = (code: string) =>
  photoKeyboardCoordinates(new KeyboardEvent('keydown', { code }), {
    currentCoordinates: { x: 100, y: 50 },
    active: 'a',
    context: {} as never,
  });

describe('keyboard dragging of photos (SPEC §9)', () => {
  it('moves a picked-up photo 25 px per arrow key', () => {
    expect(KEYBOARD_DRAG_STEP_PX).toBe(25);
    expect(move(KeyboardCode.Right)).toEqual({ x: 125, y: 50 });
    expect(move(KeyboardCode.Left)).toEqual({ x: 75, y: 50 });
    expect(move(KeyboardCode.Down)).toEqual({ x: 100, y: 75 });
    expect(move(KeyboardCode.Up)).toEqual({ x: 100, y: 25 });
  });

  it('leaves other keys to the sensor (Space, Enter, Escape)', () => {
    expect(move(KeyboardCode.Space)).toBeUndefined();
  });
});
