import type { BusinessRowWithClosure } from '@directory/data/business-row.ts';
import type { AuditRow } from '../db/audit-repository.ts';
import type { InboxRow } from '../db/message-repository.ts';
import { presentStatus } from './business.ts';
import { businessOfRequest, recordOfTarget, requestOfTarget, type AuditRecordKind, type AuditSubject } from '../shared/audit-targets.ts';
import type { AdminActivityItem, AdminBusiness, AdminBusinessListItem, AdminMessage } from '../shared/admin-types.ts';

function parseHours(text: string | null): Record<string, string> | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const hours: Record<string, string> = {};
  for (const [day, value] of Object.entries(parsed)) {
    hours[day] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return hours;
}

export function presentAdminListItem(row: BusinessRowWithClosure): AdminBusinessListItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    city: row.city,
    country: row.country,
    rating: row.rating,
    reviewCount: row.reviews,
    phone: row.phone,
    address: row.full_address,
    isApproved: row.is_approved === 1,
    createdAt: row.created_at,
    placeId: row.place_id,
    countryCode: row.country_code,
    url: row.url,
    status: presentStatus(row.closure_status === 'temporarily_closed'),
  };
}

export function presentAdminBusiness(row: BusinessRowWithClosure): AdminBusiness {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category,
    type: row.type,
    fullAddress: row.full_address,
    street: row.street,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    countryCode: row.country_code,
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    rating: row.rating,
    reviews: row.reviews,
    reviewsLink: row.reviews_link,
    photo: row.photo,
    logo: row.logo,
    locatedIn: row.located_in,
    workingHours: parseHours(row.working_hours),
    verified: row.verified === 1,
    about: row.about,
    placeId: row.place_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    url: row.url,
    isApproved: row.is_approved === 1,
    status: presentStatus(row.closure_status === 'temporarily_closed'),
  };
}

/** The records a page of the activity list names that are still kept (businesses with their names), by kind: deleted ones are named without a link. */
export interface KeptRecords {
  business: ReadonlyMap<number, string>;
  message: ReadonlySet<number>;
}

/** What an entry's target names: a business or message (and whether it is still kept), or a refused write's request. */
function subjectOf(row: AuditRow, kept: KeptRecords): AuditSubject | null {
  const record = recordOfTarget(row.target);
  if (record?.kind === 'message') return { kind: 'message', id: record.id, exists: kept.message.has(record.id), name: null };
  if (record) {
    // Its name now, or, once deleted, as the entry wrote it down (entries before names were kept have none).
    const name = kept.business.get(record.id) ?? (row.outcome?.code === 'business_named' ? row.outcome.params.name : null);
    return { kind: 'business', id: record.id, exists: kept.business.has(record.id), name };
  }
  const request = refusedRequestOf(row);
  if (request === null) return null;
  const businessId = businessOfRequest(request.path);
  const business = businessId === null ? null : { id: businessId, exists: kept.business.has(businessId), name: kept.business.get(businessId) ?? null };
  return { kind: 'request', method: request.method, path: request.path, business };
}

/** A refused write's request, as its entry's target names it; null for any other entry. */
const refusedRequestOf = (row: AuditRow) => (row.action === 'write.refused' ? requestOfTarget(row.target) : null);

/** The record an entry is about: its target's (`business:12`), or the one business a refused write's path names. */
function recordOfEntry(row: AuditRow): { kind: AuditRecordKind; id: number } | null {
  const record = recordOfTarget(row.target);
  if (record !== null) return record;
  const request = refusedRequestOf(row);
  const id = request === null ? null : businessOfRequest(request.path);
  return id === null ? null : { kind: 'business', id };
}

/** The ids of `kind` a page of the activity list names, for the one query that reads which are still kept. */
export const recordsNamed = (rows: readonly AuditRow[], kind: AuditRecordKind): number[] =>
  rows.flatMap((row) => {
    const record = recordOfEntry(row);
    return record?.kind === kind ? [record.id] : [];
  });

export function presentAuditItem(row: AuditRow, kept: KeptRecords): AdminActivityItem {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    target: row.target,
    result: row.result,
    address: row.address,
    detail: row.detail,
    outcome: row.outcome,
    subject: subjectOf(row, kept),
  };
}

export function presentMessage(row: InboxRow): AdminMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    isRead: row.is_read === 1,
    isHandled: row.is_handled === 1,
  };
}
