// Browser APIs jsdom lacks, needed by react-router 7 and antd 6 (see STACK-NOTES).
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd and lazy pages can take over a second to appear on a busy 2-core machine: wait up to 5 s for them.
configure({ asyncUtilTimeout: 5000 });
// A role query on an antd form matches every injected antd rule against each node it names (jsdom), so a
// form test takes 10-17 s on an idle 2-core machine and more than twice that beside the API suites. A test
// cut off by its time limit would keep running into the next one, so the limit leaves ample room.
jest.setTimeout(90_000);

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });

// antd's Select schedules work through MessageChannel; a timer stand-in keeps jsdom from hanging.
class MessageChannelStub {
  port1: { onmessage: ((event: unknown) => void) | null; close: () => void } = { onmessage: null, close: () => {} };
  port2 = {
    postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
    close: () => {},
  };
}
Object.assign(globalThis, { MessageChannel: MessageChannelStub });

// jsdom computes a style by matching every rule antd injected against the node and its ancestors, and
// role queries and user-event ask for the styles of each node and its ancestors again and again: a form
// test spent most of its minutes there. A computed style only changes when the document or the focus does,
// so styles are kept until then (mutations are taken synchronously, so no read sees a stale style).
// Pseudo-element styles (antd Table asks for them) are not implemented by jsdom: the element's are given.
const computeStyle = window.getComputedStyle.bind(window);
let styleEpoch = new WeakMap<Element, CSSStyleDeclaration>();
const forgetStyles = () => {
  styleEpoch = new WeakMap();
};
// Records are taken on each read below, and the callback gets those that were delivered in between.
const documentChanges = new MutationObserver(forgetStyles);
documentChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
document.addEventListener('focusin', forgetStyles, true);
document.addEventListener('focusout', forgetStyles, true);
window.getComputedStyle = (element: Element) => {
  if (documentChanges.takeRecords().length > 0) forgetStyles();
  let style = styleEpoch.get(element);
  if (!style) {
    style = computeStyle(element);
    styleEpoch.set(element, style);
  }
  return style;
};


// A test fails on any unexpected console.error (React warnings, act() misuse, …).
const consoleError = console.error;
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    consoleError(...args);
    throw new Error(`console.error was called: ${String(args[0]).slice(0, 300)}`);
  };
});
afterEach(() => {
  console.error = consoleError;
});
