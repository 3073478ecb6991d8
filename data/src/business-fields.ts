/**
 * THE list of a business's fields: one entry per column of `businesses` a person can read or
 * write, saying what the import, the admin edit and the export do with it. The import's insert,
 * the admin's UPDATE, the export's columns and SQL, and the edit's length limits derive from it.
 * A field of BusinessInput missing here fails to compile, naming it. Type imports only: the
 * frontend reaches this module through `backend/src/shared`.
 */
import type { BusinessInput } from './business.ts';
import type { BusinessRow, InputColumn } from './business-row.ts';
import type { Covers, SnakeCase } from './exhaustive.ts';

/** How the .xlsx export types a field's cells. */
export type ExportCellKind = 'number' | 'boolean' | 'date' | 'text';

export interface ExportSpec {
  kind: ExportCellKind;
  /** Width of the .xlsx column, in characters. */
  width: number;
  /** The SQL that reads the field, when it is not its column. */
  sql?: string;
}

interface InputField<Key extends keyof BusinessInput> {
  key: Key;
  column: SnakeCase<Key>;
  /** Exported under its column's name (null: not exported). */
  export: ExportSpec | null;
  /** Written by the import (false: an import leaves the record's value alone). */
  isImported: boolean;
  /** Set by the admin edit, at most `maxLength` characters when given (null: not editable). */
  edit: { maxLength?: number } | null;
}

/** A column the record assigns (id, slug, times): exported, never imported or edited. */
interface AssignedField {
  key: null;
  column: Exclude<keyof BusinessRow, InputColumn>;
  export: ExportSpec;
  isImported: false;
  edit: null;
}

type FieldEntry = { [Key in keyof BusinessInput]-?: InputField<Key> }[keyof BusinessInput] | AssignedField;

/** In the export's order (the admin spec's full read), then the fields it does not export. */
export const BUSINESS_FIELDS = [
  { key: null, column: 'id', export: { kind: 'number', width: 10 }, isImported: false, edit: null },
  { key: 'name', column: 'name', export: { kind: 'text', width: 32 }, isImported: true, edit: { maxLength: 300 } },
  { key: null, column: 'slug', export: { kind: 'text', width: 28 }, isImported: false, edit: null },
  { key: 'category', column: 'category', export: { kind: 'text', width: 20 }, isImported: true, edit: { maxLength: 200 } },
  { key: 'type', column: 'type', export: { kind: 'text', width: 20 }, isImported: true, edit: { maxLength: 200 } },
  { key: 'fullAddress', column: 'full_address', export: { kind: 'text', width: 44 }, isImported: true, edit: { maxLength: 500 } },
  { key: 'street', column: 'street', export: { kind: 'text', width: 28 }, isImported: true, edit: { maxLength: 300 } },
  { key: 'city', column: 'city', export: { kind: 'text', width: 16 }, isImported: true, edit: { maxLength: 200 } },
  { key: 'postalCode', column: 'postal_code', export: { kind: 'text', width: 12 }, isImported: true, edit: { maxLength: 40 } },
  { key: 'country', column: 'country', export: { kind: 'text', width: 16 }, isImported: true, edit: { maxLength: 200 } },
  // Two letters, checked by its form rather than a length.
  { key: 'countryCode', column: 'country_code', export: { kind: 'text', width: 13 }, isImported: true, edit: {} },
  { key: 'phone', column: 'phone', export: { kind: 'text', width: 18 }, isImported: true, edit: { maxLength: 60 } },
  { key: 'latitude', column: 'latitude', export: { kind: 'number', width: 11 }, isImported: true, edit: {} },
  { key: 'longitude', column: 'longitude', export: { kind: 'number', width: 11 }, isImported: true, edit: {} },
  { key: 'rating', column: 'rating', export: { kind: 'number', width: 8 }, isImported: true, edit: {} },
  { key: 'reviews', column: 'reviews', export: { kind: 'number', width: 10 }, isImported: true, edit: {} },
  { key: 'reviewsLink', column: 'reviews_link', export: { kind: 'text', width: 30 }, isImported: true, edit: { maxLength: 2000 } },
  { key: 'photo', column: 'photo', export: { kind: 'text', width: 30 }, isImported: true, edit: { maxLength: 2000 } },
  { key: 'logo', column: 'logo', export: { kind: 'text', width: 30 }, isImported: true, edit: { maxLength: 2000 } },
  { key: 'locatedIn', column: 'located_in', export: { kind: 'text', width: 24 }, isImported: true, edit: { maxLength: 300 } },
  // Each day's hours text has its own limit (ADMIN_LIMITS.business.hours).
  { key: 'workingHours', column: 'working_hours', export: { kind: 'text', width: 40 }, isImported: true, edit: {} },
  {
    key: 'verified',
    column: 'verified',
    export: { kind: 'boolean', width: 10, sql: "CASE verified WHEN 1 THEN 'true' ELSE 'false' END" },
    isImported: true,
    edit: {},
  },
  { key: 'about', column: 'about', export: { kind: 'text', width: 40 }, isImported: true, edit: { maxLength: 20_000 } },
  // The business's key in the files it comes from: an operator does not change it.
  { key: 'placeId', column: 'place_id', export: { kind: 'text', width: 30 }, isImported: true, edit: null },
  { key: null, column: 'created_at', export: { kind: 'date', width: 12 }, isImported: false, edit: null },
  { key: null, column: 'updated_at', export: { kind: 'date', width: 12 }, isImported: false, edit: null },
  { key: 'url', column: 'url', export: { kind: 'text', width: 30 }, isImported: true, edit: { maxLength: 2000 } },
  // The files' own, for "open now": not the operator's to change.
  { key: 'timeZone', column: 'time_zone', export: null, isImported: true, edit: null },
  { key: 'isApproved', column: 'is_approved', export: null, isImported: true, edit: {} },
] as const satisfies readonly FieldEntry[];

type BusinessField = (typeof BUSINESS_FIELDS)[number];

const everyFieldListed: Covers<keyof BusinessInput, BusinessField['key']> = true;
void everyFieldListed;

export type ExportedField = Extract<BusinessField, { export: ExportSpec }>;
export type ImportedField = Extract<BusinessField, { isImported: true }>;
export type EditedField = Extract<BusinessField, { edit: object }>;
/** A field the admin edit limits in length, by its BusinessInput name. */
export type LimitedKey = Extract<EditedField, { edit: { maxLength: number } }>['key'];

/** The export's fields, in its order. */
export const EXPORTED_FIELDS = BUSINESS_FIELDS.filter((field): field is ExportedField => field.export !== null);
/** The fields an import writes, in the registry's order. */
export const IMPORTED_FIELDS = BUSINESS_FIELDS.filter((field): field is ImportedField => field.isImported);
/** The fields the admin edit sets, in the registry's order. */
export const EDITED_FIELDS = BUSINESS_FIELDS.filter((field): field is EditedField => field.edit !== null);
