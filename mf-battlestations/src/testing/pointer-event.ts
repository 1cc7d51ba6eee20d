/** jsdom has no PointerEvent: a MouseEvent carrying a pointerId and a pointerType stands in. */
class PointerEventStub extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

/** Gives jsdom a PointerEvent before a test file's tests (drags, swipes, taps), unless it has one. */
export function installPointerEvent() {
  beforeAll(() => {
    if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: PointerEventStub });
  });
}
