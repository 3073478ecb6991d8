/**
 * The edit form's values (all text, as inputs hold them) and their conversion to the
 * `PUT /api/admin/businesses/:id` body, plus where a 400 answer's messages belong (each bad
 * field's, next to that field).
 */
import type { AdminBusiness, AdminBusinessEdit, AdminBusinessEditBody } from '@directory/backend/shared/admin-types.ts';
import { isApiRequestError } from '../../lib/api-client.ts';
import { SESSION_EXPIRED_MESSAGE } from './api/admin-api.ts';

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const TEXT_FIELDS = [
  'name', 'category', 'type', 'fullAddress', 'street', 'city', 'postalCode', 'country', 'countryCode', 'phone', 'about', 'url', 'photo',
  'reviewsLink', 'logo', 'locatedIn',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export interface BusinessFormValues extends Record<TextField, string> {
  latitude: string;
  longitude: string;
  rating: string;
  reviews: string;
  /** Day -> hours text; days of the record beyond the week stay as they were. */
  hours: Record<string, string>;
  verified: boolean;
  isApproved: boolean;
}

export type BusinessField = keyof AdminBusinessEdit | `workingHours.${string}`;
export type FieldErrors = Partial<Record<BusinessField | 'form', string>>;

const EDITABLE_FIELDS: readonly string[] = [...TEXT_FIELDS, 'latitude', 'longitude', 'rating', 'reviews', 'workingHours', 'verified', 'isApproved'];

/** The days the form shows: the week, then any other key the record holds. */
export function formDays(hours: Record<string, string> | null): string[] {
  const extra = Object.keys(hours ?? {}).filter((day) => !(WEEK_DAYS as readonly string[]).includes(day));
  return [...WEEK_DAYS, ...extra];
}

export function toFormValues(business: AdminBusiness): BusinessFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, business[field] ?? ''])) as Record<TextField, string>;
  return {
    ...text,
    latitude: business.latitude === null ? '' : String(business.latitude),
    longitude: business.longitude === null ? '' : String(business.longitude),
    rating: business.rating === null ? '' : String(business.rating),
    reviews: String(business.reviews),
    hours: Object.fromEntries(formDays(business.workingHours).map((day) => [day, business.workingHours?.[day] ?? ''])),
    verified: business.verified,
    isApproved: business.isApproved,
  };
}

const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());

/** The days with hours, as the form holds them (blank days left out). */
const filledHours = (hours: Record<string, string>) => Object.entries(hours).filter(([, text]) => text.trim() !== '');
const dayTexts = (hours: Record<string, string>) => JSON.stringify(filledHours(hours).map(([day, text]) => [day, text.trim()]));

/**
 * The request body of what the form holds. Coordinates go as typed: the server reads them and
 * names every bad field of the save at once, and so do the rating and review count. Hours go only
 * when the operator changed them, so hours an import kept as text it could not read never stop
 * another field from being saved; the full address goes only when changed, so a changed street or
 * city otherwise rebuilds it. The links (website, photo, logo, reviews) go only when changed too:
 * an import may have stored one the save's check refuses (not http(s)), and it must not block
 * other fields.
 */
export function toUpdateBody(values: BusinessFormValues, saved: AdminBusiness): AdminBusinessEditBody {
  const hours = filledHours(values.hours);
  const isHoursChanged = dayTexts(values.hours) !== dayTexts(toFormValues(saved).hours);
  const fullAddress = optionalText(values.fullAddress);
  const reviewsLink = optionalText(values.reviewsLink);
  const logo = optionalText(values.logo);
  const url = optionalText(values.url);
  const photo = optionalText(values.photo);
  return {
    name: values.name.trim(),
    category: optionalText(values.category),
    type: optionalText(values.type),
    ...(fullAddress !== saved.fullAddress ? { fullAddress } : {}),
    street: optionalText(values.street),
    city: optionalText(values.city),
    postalCode: optionalText(values.postalCode),
    country: optionalText(values.country),
    countryCode: optionalText(values.countryCode)?.toUpperCase() ?? null,
    phone: optionalText(values.phone),
    latitude: optionalText(values.latitude),
    longitude: optionalText(values.longitude),
    rating: optionalText(values.rating),
    reviews: optionalText(values.reviews),
    ...(reviewsLink !== saved.reviewsLink ? { reviewsLink } : {}),
    ...(logo !== saved.logo ? { logo } : {}),
    locatedIn: optionalText(values.locatedIn),
    ...(isHoursChanged ? { workingHours: hours.length ? Object.fromEntries(hours.map(([day, text]) => [day, text.trim()])) : null } : {}),
    about: optionalText(values.about),
    ...(url !== saved.url ? { url } : {}),
    ...(photo !== saved.photo ? { photo } : {}),
    verified: values.verified,
    isApproved: values.isApproved,
  };
}

/** The server's reasons (backend/src/routes/admin/schema.ts) in the form's words; others as they are. */
const REASONS: [RegExp, string][] = [
  [/^is required$/, 'Bu alan zorunlu.'],
  [/^must be at most (\d+) characters$/, 'En fazla $1 karakter olabilir.'],
  [/^hours must be at most (\d+) characters$/, 'En fazla $1 karakter olabilir.'],
  [/^must be a number, e\.g\. 41\.0082$/, 'Geçerli bir sayı girin (ör. 41.0082).'],
  [/^must be between (-?\d+) and (\d+)$/, '$1 ile $2 arasında olmalı.'],
  [/^must be an http\(s\) address$/, 'http:// veya https:// ile başlayan bir adres girin.'],
  [/^must be a number from 0 to 5, e\.g\. 4\.5$/, '0 ile 5 arasında bir sayı girin (ör. 4.5).'],
  [/^must be a whole number of 0 or more$/, '0 veya daha büyük bir tam sayı girin.'],
  [/^must be a two-letter country code$/, 'İki harfli bir ülke kodu girin (ör. TR).'],
  [/^must be opening hours such as .*$/, 'Saat olarak okunamadı: ör. 9AM–5PM, 9AM–1PM, 2–6PM, Closed veya Open 24 hours.'],
  [/^must be a day of the week .*$/, 'Haftanın bir günü değil (Monday–Sunday); kaldırmak için kutuyu boşaltın.'],
  [/^gives (\w+) a second time$/, '$1 iki kez verilmiş.'],
];

/** One reason of a refused field, in the form's words. */
export function fieldReasonText(reason: string): string {
  for (const [pattern, words] of REASONS) if (pattern.test(reason)) return reason.replace(pattern, words);
  return reason;
}

/**
 * Where a failed save's message goes: under the field a 400 answer names (in `error.fields`, or
 * as the message's leading word: "phone: ..." / "workingHours.Monday: ..."), else above the form.
 */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  if (!isApiRequestError(error)) return { form: error instanceof Error ? error.message : String(error) };
  const body = error.body as { error?: { message?: string; fields?: Record<string, string[]> } } | null;
  const message = body?.error?.message ?? error.message;
  if (error.status === 401) return { form: SESSION_EXPIRED_MESSAGE };
  if (error.status !== 400) return { form: message };
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(body?.error?.fields ?? {})) {
    const root = field.split('.')[0]!;
    if (EDITABLE_FIELDS.includes(root) && messages.length > 0) errors[field as BusinessField] = messages.map(fieldReasonText).join(' ');
  }
  if (Object.keys(errors).length > 0) return errors;
  const named = /^\s*([A-Za-z]+(?:\.[A-Za-z]+)?)\s*[:\s]/.exec(message)?.[1];
  if (named && EDITABLE_FIELDS.includes(named.split('.')[0]!)) return { [named]: message };
  const mentioned = EDITABLE_FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(message));
  return mentioned ? { [mentioned]: message } : { form: message };
}
