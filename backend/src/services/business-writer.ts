import { createHash } from 'node:crypto';
import type { BusinessInput } from '@directory/data/business.ts';
import { toBusinessColumns, type BusinessColumns } from '@directory/data/business-row.ts';
import { businessSlug } from '@directory/data/slug.ts';
import type { BulkInsertTriggers, InsertedBusiness } from '../db/bulk-insert-triggers.ts';
import type { BusinessRepository } from '../db/business-repository.ts';

export interface SaveSummary {
  inserted: number;
  updated: number;
}

const MAX_SLUG_WIDENING = 16;

/** What a business's slug is made of. */
export type SlugSource = Pick<BusinessInput, 'name' | 'placeId' | 'fullAddress'>;

/** The stable key a slug ends with: the place id, or a hash of name and address without one. */
function slugKey(input: SlugSource): string {
  if (input.placeId) return input.placeId;
  return createHash('sha256').update(`${input.name}\n${input.fullAddress ?? ''}`).digest('hex');
}

/** The slug a new business gets when no other business or redirect uses it (uniqueSlug's first choice). */
export function firstSlug(input: SlugSource): string {
  return businessSlug(input.name, slugKey(input), 0);
}

/** What makes a business's slug, from its record columns. */
export const slugSourceOf = (columns: BusinessColumns): SlugSource => ({ name: columns.name, placeId: columns.place_id, fullAddress: columns.full_address });

/**
 * A slug no business and no redirect uses yet: the short form (`first`, when the caller made it
 * already), widened on collision.
 */
export function uniqueSlug(repository: BusinessRepository, input: SlugSource, first: string = firstSlug(input)): string {
  if (!repository.isSlugTaken(first)) return first;
  const key = slugKey(input);
  for (let extra = 2; extra <= MAX_SLUG_WIDENING; extra += 2) {
    const slug = businessSlug(input.name, key, extra);
    if (!repository.isSlugTaken(slug)) return slug;
  }
  for (let suffix = 2; ; suffix += 1) {
    const slug = `${businessSlug(input.name, key, MAX_SLUG_WIDENING)}-${suffix}`;
    if (!repository.isSlugTaken(slug)) return slug;
  }
}

/** A business ready to write: its record columns and the slug it gets when new, unless taken. */
export interface PreparedBusiness {
  columns: BusinessColumns;
  firstSlug: string;
}

export function prepareBusiness(input: BusinessInput): PreparedBusiness {
  return { columns: toBusinessColumns(input), firstSlug: firstSlug(input) };
}

/**
 * Writes one batch of businesses in one transaction: new place ids are inserted with a fresh
 * slug, known ones updated in place (same slug, same approval). `isDemo` marks inserted rows as
 * demo data (what "delete test data" removes).
 */
export function saveBusinesses(
  repository: BusinessRepository,
  inputs: readonly BusinessInput[],
  options: { isDemo?: boolean; bulk?: BulkInsertTriggers } = {},
): SaveSummary {
  return savePrepared(repository, inputs.map(prepareBusiness), options);
}

/** {@link saveBusinesses} of businesses prepared beforehand (the demo load prepares them on another thread). */
export function savePrepared(
  repository: BusinessRepository,
  businesses: readonly PreparedBusiness[],
  options: { isDemo?: boolean; bulk?: BulkInsertTriggers } = {},
): SaveSummary {
  return repository.transaction(() => {
    const write = () => {
      const summary: SaveSummary = { inserted: 0, updated: 0 };
      const inserted: InsertedBusiness[] = [];
      const isDemo = options.isDemo ?? false;
      for (const { columns, firstSlug: first } of businesses) {
        const { outcome, id } = repository.upsertWithId(columns, () => uniqueSlug(repository, slugSourceOf(columns), first), isDemo);
        summary[outcome] += 1;
        if (outcome === 'inserted') inserted.push({ id, columns, isDemo });
      }
      return { result: summary, inserted };
    };
    // In bulk, the inserts' side tables (change log, name search, counts) are written once for the batch.
    return options.bulk ? options.bulk.run(write) : write().result;
  });
}
