'use strict';

/**
 * The `side-channel` package's API on a plain Map, for the browser build only (vite.config.ts):
 * qs (InstantSearch's URL router) uses it to detect cycles while it stringifies. The package
 * itself brings object-inspect and get-intrinsic, ~10 KB gzipped, only to word an error message.
 * CommonJS, as the package: qs `require`s it.
 */
module.exports = function getSideChannel() {
  // A Map, not a WeakMap: qs's keys may be primitives, and each channel lives for one call.
  const data = new Map();
  return {
    assert(key) {
      if (!data.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => data.delete(key),
    get: (key) => data.get(key),
    has: (key) => data.has(key),
    set(key, value) {
      data.set(key, value);
    },
  };
};
