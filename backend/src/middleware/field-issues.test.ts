import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as adminSchemas from '../routes/admin/schema.ts';
import * as importSchemas from '../routes/imports/schema.ts';
import { FIELD_REASON_CODES, fieldReasonText } from '../shared/field-reasons.ts';
import { fieldIssueOf, isReasonText, reason } from './field-issues.ts';
import { badRequestFromIssues } from './validate.ts';

type Node = { _zod: { def: Record<string, unknown> } };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && '_zod' in value;

/** The words a schema error option answers (zod keeps a message as a function of the issue). */
function wordsOf(error: unknown): string | null {
  if (typeof error !== 'function') return null;
  const answer: unknown = error({ code: 'custom', input: 'x', path: [] });
  if (typeof answer === 'string') return answer;
  return typeof answer === 'object' && answer !== null && 'message' in answer ? String(answer.message) : null;
}

/** Every message written into a schema (its own and its checks'), with where it sits, through every part it is made of. */
function writtenMessages(schema: unknown, path: string, found: [string, string][] = [], seen = new Set<unknown>()): [string, string][] {
  if (!isNode(schema) || seen.has(schema)) return found;
  seen.add(schema);
  const def = schema._zod.def;
  const own = wordsOf(def.error);
  if (own !== null) found.push([path, own]);
  for (const check of (def.checks as unknown[] | undefined) ?? []) {
    const words = isNode(check) ? wordsOf(check._zod.def.error) : null;
    if (words !== null) found.push([`${path} (${String(isNode(check) ? check._zod.def.check : '?')})`, words]);
  }
  const shape = def.shape as Record<string, unknown> | undefined;
  for (const [key, part] of Object.entries(shape ?? {})) writtenMessages(part, `${path}.${key}`, found, seen);
  for (const key of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'left', 'right']) writtenMessages(def[key], path, found, seen);
  for (const option of (def.options as unknown[] | undefined) ?? []) writtenMessages(option, path, found, seen);
  return found;
}

const SCHEMAS = { ...adminSchemas, ...importSchemas };

describe('the reasons of the admin writes', () => {
  it('are every one written with a code: no schema of the admin area words a refusal in English alone', () => {
    const written = Object.entries(SCHEMAS).flatMap(([name, schema]) => writtenMessages(schema, name));
    // The walk reaches the schemas' messages (it would pass on nothing otherwise).
    expect(written.length).toBeGreaterThan(60);
    expect(written.map(([path]) => path)).toContain('AdminBusinessEditSchema.body.rating');
    expect(written.filter(([, words]) => !isReasonText(words))).toEqual([]);
  });

  it('name the code and its figures of a written reason, and the code of zod\'s own refusals by their kind', () => {
    const schema = z
      .object({
        name: z.string({ error: reason('required') }).max(3, reason('too_long', { max: 3 })),
        size: z.coerce.number().int().min(2),
        mode: z.enum(['a', 'b']),
        note: z.string(),
      })
      .strict();
    const failure = schema.safeParse({ name: 'long', size: '1', mode: 'c', extra: true }, { reportInput: true });
    expect(failure.success).toBe(false);
    const error = badRequestFromIssues(failure.error!.issues);
    expect(error.issues).toEqual([
      { field: 'name', code: 'too_long', params: { max: 3 } },
      { field: 'size', code: 'min_value', params: { min: 2 } },
      { field: 'mode', code: 'one_of', params: { values: ['a', 'b'] } },
      { field: 'note', code: 'required', params: {} },
      { field: 'extra', code: 'unknown_field', params: {} },
    ]);
    // The English stays as it was: the schema's words, or zod's own.
    expect(error.fields).toMatchObject({
      name: ['must be at most 3 characters'], note: ['Invalid input: expected string, received undefined'], extra: ['is not a field this call takes'],
    });
  });

  it('name a field called after an Object property ("constructor", "__proto__") like any other', () => {
    const failure = z.strictObject({}).safeParse(JSON.parse('{"constructor": 1, "__proto__": 2, "toString": 3}'));
    const error = badRequestFromIssues(failure.error!.issues);
    expect(error.issues?.map((issue) => issue.field)).toEqual(['constructor', '__proto__', 'toString']);
    // As the answer's JSON carries them (an object literal's __proto__ would set a prototype, not a key).
    expect(Object.entries(JSON.parse(JSON.stringify(error.fields)) as object)).toEqual(
      ['constructor', '__proto__', 'toString'].map((field) => [field, ['is not a field this call takes']]),
    );
  });

  it('tell a wrong type from a missing field', () => {
    const failure = z.object({ note: z.string() }).safeParse({ note: 5 }, { reportInput: true });
    expect(fieldIssueOf(failure.error!.issues[0]!, 'note')).toEqual({ field: 'note', code: 'wrong_type', params: { expected: 'string' } });
  });

  it('give every code its own English words', () => {
    const figures = { max: 7, min: 3, values: ['a', 'b'], expected: 'string', day: 'Monday' };
    const words = FIELD_REASON_CODES.map((code) => fieldReasonText(code, figures as never));
    expect(new Set(words).size).toBe(FIELD_REASON_CODES.length);
  });
});
