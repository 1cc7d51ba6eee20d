// Browser APIs jsdom lacks, needed by react-router 7 and antd 6 (see STACK-NOTES).
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd and lazy pages can take over a second to appear on a busy 2-core machine, and a CI machine running
// lint, type check, builds and browsers beside this suite took over 5 s: wait up to 15 s for them.
configure({ asyncUtilTimeout: 15_000 });
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

// jsdom computes a style by matching every rule of every sheet against the node and, for inherited
// properties, its ancestors; antd injects thousands of rules, and role queries and user-event ask for the
// styles of each node again and again after every change: form tests spent most of their minutes there.
// A test reads three properties only (display and visibility for role queries and toBeVisible,
// pointer-events for user-event), so rules that set none of them are dropped from the test document's
// sheets as they arrive (their text stays as antd wrote it). Pseudo-element styles (antd Table asks for them)
// are not implemented by jsdom: the element's are given.
const PROPERTIES_TESTS_READ = ['display', 'visibility', 'pointer-events'];
type RuleList = { cssRules: CSSRuleList; deleteRule(index: number): void };
function keepRulesTestsRead(list: RuleList) {
  for (let index = list.cssRules.length - 1; index >= 0; index -= 1) {
    const rule = list.cssRules[index] as CSSRule & { media?: unknown; cssRules?: CSSRuleList; style?: CSSStyleDeclaration };
    if (rule.media && rule.cssRules) {
      keepRulesTestsRead(rule as unknown as RuleList);
      if (rule.cssRules.length === 0) list.deleteRule(index);
    } else if (!rule.style || !PROPERTIES_TESTS_READ.some((property) => rule.style?.getPropertyValue(property))) {
      list.deleteRule(index);
    }
  }
}
const trimmedSheets = new WeakSet<StyleSheet>();
function trimNewSheets() {
  for (const sheet of Array.from(document.styleSheets)) {
    if (trimmedSheets.has(sheet)) continue;
    trimmedSheets.add(sheet);
    keepRulesTestsRead(sheet);
  }
}
const documentChanges = new MutationObserver(trimNewSheets);
documentChanges.observe(document, { subtree: true, childList: true, characterData: true });
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => {
  if (documentChanges.takeRecords().length > 0) trimNewSheets();
  return computeStyle(element);
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
