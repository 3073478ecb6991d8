/**
 * `true` when `Listed` covers every member of `All`, else the members it misses: a constant of
 * this type initialised with `true` fails to compile, naming them, when a list kept by hand
 * falls behind the type it lists.
 */
export type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;

/** `placeId` → `place_id`: a field's name as a column of the record. */
export type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;
