/**
 * Stand-ins for two of `@swc/helpers`' object-spread helpers, which InstantSearch's build calls
 * for every `{ ...a, b }` it compiled: `vite.config.ts` resolves their imports here, in the
 * browser and in the server's bundle. The originals copy key by key through
 * `Object.defineProperty` (and `Object.getOwnPropertyDescriptors`), which also leaves many objects
 * in V8's slow dictionary mode: with their callers, about 15 % of the server's main thread while it
 * rendered a `/search` page.
 *
 * SWC emits them only for object literals, so the target is always a fresh plain object (or the
 * result of an earlier spread of one), and `Object.assign` gives it the same own properties, in the
 * same order. The one difference is a source with an own `__proto__` key (`JSON.parse` makes
 * those): assigning it would change the target's prototype, so such a source takes the original
 * path. `object-spread.test.ts` holds both to the originals.
 */

/** `_object_spread(target, ...sources)`: each source's own enumerable keys (strings, then symbols) defined on `target`. */
export function objectSpread<T extends object>(target: T, ...sources: unknown[]): T {
  for (const source of sources) {
    if (source == null) continue;
    if (Object.hasOwn(source, '__proto__')) defineEach(target, source as object);
    else Object.assign(target, source);
  }
  return target;
}

/** `_object_spread_props(target, source)`: the properties of an object literal following a spread, defined on `target`. */
export function objectSpreadProps<T extends object>(target: T, source: unknown): T {
  if (source == null) return target;
  if (Object.hasOwn(source, '__proto__')) Object.defineProperties(target, Object.getOwnPropertyDescriptors(source));
  else Object.assign(target, source);
  return target;
}

/** The originals' path: each own enumerable key as an own data property, never through an inherited setter. */
function defineEach(target: object, source: object): void {
  const keys: PropertyKey[] = [...Object.keys(source), ...Object.getOwnPropertySymbols(source).filter((key) => Object.prototype.propertyIsEnumerable.call(source, key))];
  for (const key of keys) {
    Object.defineProperty(target, key, { value: (source as Record<PropertyKey, unknown>)[key], enumerable: true, configurable: true, writable: true });
  }
}
