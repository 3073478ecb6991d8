// The two @swc/helpers modules object-spread.ts stands in for (the package ships no types); the test holds both to them.
declare module '@swc/helpers/esm/_object_spread.js' {
  export function _<T extends object>(target: T, ...sources: unknown[]): T;
}
declare module '@swc/helpers/esm/_object_spread_props.js' {
  export function _<T extends object>(target: T, source: unknown): T;
}
