import { describe, expect, it } from 'vitest';
import { _ as swcObjectSpread } from '@swc/helpers/esm/_object_spread.js';
import { _ as swcObjectSpreadProps } from '@swc/helpers/esm/_object_spread_props.js';
import { objectSpread, objectSpreadProps } from './object-spread.ts';

const visible = Symbol('visible');
const hidden = Symbol('hidden');

/** A source with an enumerable and a non-enumerable symbol, and a non-enumerable string key. */
function withSymbols(): object {
  const source: Record<PropertyKey, unknown> = { a: 1, [visible]: 'v' };
  Object.defineProperty(source, hidden, { value: 'h', enumerable: false });
  Object.defineProperty(source, 'secret', { value: 's', enumerable: false });
  return source;
}

/** Each case builds fresh arguments: a target as SWC passes it (a new object literal) and the sources. */
const SPREAD_CASES: Array<[string, () => [object, ...unknown[]]]> = [
  ['one source', () => [{}, { a: 1, b: 'two' }]],
  ['later sources win, in key order', () => [{ z: 0 }, { a: 1, b: 2 }, { b: 3, c: 4 }]],
  ['keys the target inherits (toString, constructor)', () => [{}, { toString: 'x', constructor: 'y', valueOf: 1 }]],
  ['null and undefined sources', () => [{ a: 1 }, null, undefined, { b: 2 }]],
  ['symbols: enumerable kept, others not', () => [{}, withSymbols()]],
  ['a string source', () => [{}, 'ab']],
  ['a getter in a source is read', () => [{}, { get now() { return 42; } }]],
  ['an own __proto__ key from JSON', () => [{}, JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')]],
];

/** What a test compares: the own properties with their descriptors, their order, and the prototype. */
function shape(value: object) {
  return { keys: Reflect.ownKeys(value), descriptors: Object.getOwnPropertyDescriptors(value), prototype: Object.getPrototypeOf(value) };
}

describe('objectSpread', () => {
  it.each(SPREAD_CASES)('makes what @swc/helpers makes: %s', (_name, args) => {
    const [target, ...sources] = args();
    const [theirTarget, ...theirSources] = args();
    const ours = objectSpread(target, ...sources);
    expect(ours).toBe(target);
    expect(shape(ours)).toEqual(shape(swcObjectSpread(theirTarget, ...theirSources)));
  });

  it('never changes the prototype of the object it builds', () => {
    const built = objectSpread({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
    expect((built as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

const PROPS_CASES: Array<[string, () => [object, unknown]]> = [
  ['a literal after a spread', () => [{ a: 1, b: 2 }, { b: 3, c: 4 }]],
  ['keys the target inherits', () => [{}, { hasOwnProperty: 1, toString: 2 }]],
  ['null', () => [{ a: 1 }, null]],
  ['an enumerable symbol', () => [{}, { [visible]: 1 }]],
  ['an own __proto__ key from JSON', () => [{ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}')]],
];

describe('objectSpreadProps', () => {
  it.each(PROPS_CASES)('makes what @swc/helpers makes: %s', (_name, args) => {
    const [target, source] = args();
    const [theirTarget, theirSource] = args();
    const ours = objectSpreadProps(target, source);
    expect(ours).toBe(target);
    expect(shape(ours)).toEqual(shape(swcObjectSpreadProps(theirTarget, theirSource)));
  });
});
