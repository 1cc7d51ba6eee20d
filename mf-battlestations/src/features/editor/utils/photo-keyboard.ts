import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/** SPEC §9: a keyboard drag moves the photo 25 px per arrow key. */
export const KEYBOARD_DRAG_STEP_PX = 25;

/** dnd-kit keyboard sensor coordinates: arrows move the picked-up photo by the step. */
export const photoKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_DRAG_STEP_PX };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_DRAG_STEP_PX };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP_PX };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP_PX };
    default:
      return undefined;
  }
};
