// CSS modules in Jest: every class name reads as itself.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
