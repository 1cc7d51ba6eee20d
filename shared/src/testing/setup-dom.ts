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

// antd Table asks for pseudo-element styles, which jsdom does not implement.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

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
