import { describe, expect, it } from 'vitest';
import * as adminSchemas from '@directory/backend/routes/admin/schema.ts';
import * as importSchemas from '@directory/backend/routes/imports/schema.ts';
import { businessOfRequest } from '@directory/backend/shared/audit-targets.ts';
import { requestFieldLabels } from './activity-target.ts';
import { fieldLabel, type FieldLabels } from './api/admin-error-text.ts';
import { BUSINESS_LIST_LABELS, EXPORT_FIELD_LABELS, LOGIN_FIELD_LABELS } from './screen-field-labels.ts';

const SCHEMAS: Record<string, unknown> = { ...adminSchemas, ...importSchemas };

/** Each admin write whose refusal the activity log holds, as the server stores its target; extra fields: those read outside the schema. */
const LOGGED_WRITES: Record<string, { request: string; extra?: string[] }> = {
  AdminBusinessToggleSchema: { request: 'POST /api/admin/businesses/7/toggle-approval' },
  AdminBusinessBulkSchema: { request: 'POST /api/admin/businesses/bulk' },
  AdminBusinessEditSchema: { request: 'PUT /api/admin/businesses/7' },
  BusinessDeleteSchema: { request: 'DELETE /api/businesses/7' },
  AdminSiteSettingsSaveSchema: { request: 'POST /api/admin/site-settings' },
  AdminContactDetailsSaveSchema: { request: 'PUT /api/admin/contact-details' },
  AdminAdCodesSaveSchema: { request: 'POST /api/admin/advertisement-codes' },
  AdminMessageUpdateSchema: { request: 'PATCH /api/admin/messages/3' },
  AdminMessageDeleteSchema: { request: 'DELETE /api/admin/messages/3' },
  // The file part is read by receive-upload.ts, not by the schema.
  UploadBatchFieldsSchema: { request: 'POST /api/upload-excel-batch', extra: ['file'] },
  UploadSimpleFieldsSchema: { request: 'POST /api/upload-excel', extra: ['file'] },
  ExportCsvPostSchema: { request: 'POST /api/export-csv' },
};

/** Calls whose refusal a screen words but the log never holds (reads; the login has entries of its own), with that screen's table. */
const SCREEN_ONLY: Record<string, FieldLabels> = {
  AdminLoginSchema: LOGIN_FIELD_LABELS,
  AdminBusinessListSchema: BUSINESS_LIST_LABELS,
  ExportCsvGetSchema: EXPORT_FIELD_LABELS,
};

/** Reads a screen's loader sends from the screen's own links: a refusal shows the error page, which names no fields. */
const UNWORDED = new Set(['AdminActivitySchema', 'AdminMessagesSchema', 'AdminBusinessReadSchema', 'ReportErrorsSchema']);

type Node = { _zod: { def: Record<string, unknown> } };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && '_zod' in value;
const REQUEST_PARTS = ['query', 'params', 'body'];

/**
 * Every field a refusal of `schema` can name, as the server names it ("phoneLines.0.number"): a
 * request's parts (query, params, body) left out, a list's items by the first, a record's by a day.
 */
function fieldsOf(schema: unknown, prefix = '', found = new Set<string>()): Set<string> {
  if (!isNode(schema)) return found;
  const def = schema._zod.def;
  const shape = def.shape as Record<string, unknown> | undefined;
  const isRequest = prefix === '' && shape !== undefined && Object.keys(shape).every((key) => REQUEST_PARTS.includes(key));
  for (const [key, part] of Object.entries(shape ?? {})) {
    if (!isRequest) found.add(`${prefix}${key}`);
    fieldsOf(part, isRequest ? '' : `${prefix}${key}.`, found);
  }
  if (def.element) {
    found.add(`${prefix}0`);
    fieldsOf(def.element, `${prefix}0.`, found);
  }
  if (def.valueType) {
    found.add(`${prefix}Monday`);
    fieldsOf(def.valueType, `${prefix}Monday.`, found);
  }
  for (const inner of ['innerType', 'in', 'out']) fieldsOf(def[inner], prefix, found);
  for (const option of (def.options as unknown[] | undefined) ?? []) fieldsOf(option, prefix, found);
  return found;
}

/** The fields among `fields` that `labels` leaves named by their key. */
const unnamed = (fields: Iterable<string>, labels: FieldLabels) => [...fields].filter((field) => fieldLabel(field, labels) === field);

/** The names the activity log gives the fields of a refused `request` ("PUT /api/admin/contact-details"). */
function logLabels(request: string): FieldLabels {
  const [method, path] = request.split(' ') as [string, string];
  const id = businessOfRequest(path);
  return requestFieldLabels({ kind: 'request', method, path, business: id === null ? null : { id, exists: true, name: 'Kebapçı Halil' } });
}

describe("the screens' names of the fields the admin calls send", () => {
  it('know every admin schema: each one with fields is a logged write, a call a screen words, or a read no screen words', () => {
    const withFields = Object.entries(SCHEMAS).filter(([name, schema]) => name.endsWith('Schema') && fieldsOf(schema).size > 0).map(([name]) => name);
    expect(withFields.length).toBeGreaterThan(15);
    expect(withFields.filter((name) => !(name in LOGGED_WRITES) && !(name in SCREEN_ONLY) && !UNWORDED.has(name))).toEqual([]);
  });

  it('name every field of a logged write in the activity log, by the table of the screen it came from', () => {
    const contactFields = fieldsOf(SCHEMAS.AdminContactDetailsSaveSchema);
    // The walk reaches nested fields (it would pass on nothing otherwise).
    expect([...contactFields]).toEqual(expect.arrayContaining(['organisationName', 'addressLines.0', 'phoneLines.0.number', 'phoneLines.0.label']));
    expect([...fieldsOf(SCHEMAS.AdminBusinessEditSchema)]).toEqual(expect.arrayContaining(['id', 'rating', 'workingHours.Monday']));
    for (const [name, { request, extra = [] }] of Object.entries(LOGGED_WRITES)) {
      expect(unnamed([...fieldsOf(SCHEMAS[name]), ...extra], logLabels(request)), request).toEqual([]);
    }
  });

  it('name every field of a call a screen words but the log never holds', () => {
    for (const [name, labels] of Object.entries(SCREEN_ONLY)) expect(unnamed(fieldsOf(SCHEMAS[name]), labels), name).toEqual([]);
  });
});
