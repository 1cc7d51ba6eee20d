// Jest's jsdom environment plus the Fetch API classes jsdom lacks (Response, Request, Headers), taken from
// Node, so component tests can answer fetch calls with real Responses (see mockFetch in render.tsx).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['Response', 'Request', 'Headers'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
