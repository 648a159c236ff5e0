// Stands in for the `side-channel` package in the web build (vite.config.ts aliases it): qs keeps
// per-call state in it (cycles, copies, array overflow). Same interface, on a WeakMap for object
// keys (nothing kept alive) and a Map for the rest, without get-intrinsic and object-inspect.
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const others = new Map();
  const storeOf = (key) =>
    key !== null && (typeof key === 'object' || typeof key === 'function') ? objects : others;
  const channel = {
    get: (key) => storeOf(key).get(key),
    has: (key) => storeOf(key).has(key),
    set: (key, value) => {
      storeOf(key).set(key, value);
    },
    delete: (key) => storeOf(key).delete(key),
    assert: (key) => {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
  };
  return channel;
};
