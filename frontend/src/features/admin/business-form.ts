/**
 * The edit form's values (all text, as inputs hold them) and their conversion to the
 * `PUT /api/admin/businesses/:id` body, plus where a 400 answer's reasons belong (each bad
 * field's, next to that field) and the names of the fields.
 */
import type { AdminBusiness, AdminBusinessEdit, AdminBusinessEditBody } from '@directory/backend/shared/admin-types.ts';
import type { Covers } from '@directory/data/exhaustive.ts';
import { isApiRequestError } from '../../lib/api-client.ts';
import { adminErrorText, fieldLabel, issuesOf, issueText, reasonText } from './api/admin-error-text.ts';
import { BUSINESS_FIELD_LABELS, BUSINESS_FORM_LABELS, DAY_LABELS } from './screen-field-labels.ts';
import { WEEK_DAYS, type WeekDay } from '../business/hours.ts';

/** A day's label on the form: Turkish for the seven days, the key itself for any other ("Holidays"). */
export const dayLabel = (day: string): string => DAY_LABELS[day as WeekDay] ?? day;

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
  /** "Geçici olarak kapalı": status 'temporarily_closed'. */
  isTemporarilyClosed: boolean;
}

export type BusinessField = keyof AdminBusinessEdit | `workingHours.${string}`;
export type FieldErrors = Partial<Record<BusinessField | 'form', string>>;

const EDITABLE_FIELDS = [...TEXT_FIELDS, 'latitude', 'longitude', 'rating', 'reviews', 'workingHours', 'verified', 'isApproved', 'status'] as const;
/** A field of the edit missing from the form would never be sent: this fails to compile, naming it. */
const everyFieldOnForm: Covers<keyof AdminBusinessEdit, (typeof EDITABLE_FIELDS)[number]> = true;
void everyFieldOnForm;

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
    isTemporarilyClosed: business.status === 'temporarily_closed',
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
 * other fields. The status goes only when the operator ticked or cleared its box, so an import that
 * marks the place closed while the form is open is not undone by a save of another field.
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
    ...(values.isTemporarilyClosed !== (saved.status === 'temporarily_closed')
      ? { status: values.isTemporarilyClosed ? 'temporarily_closed' : 'operational' }
      : {}),
  };
}

/**
 * Where a failed save's words go: each field a 400 answer refuses, its reasons under it (in
 * Turkish); anything else above the form, in the operator's words.
 */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (isApiRequestError(error) && error.status === 400) {
    for (const issue of issuesOf(error)) {
      const isOnForm = (EDITABLE_FIELDS as readonly string[]).includes(issue.field.split('.')[0]!);
      const key = isOnForm ? (issue.field as BusinessField) : 'form';
      const text = isOnForm ? reasonText(issue) : issueText(issue, BUSINESS_FORM_LABELS);
      errors[key] = errors[key] ? `${errors[key]} ${text}` : text;
    }
  }
  return Object.keys(errors).length > 0 ? errors : { form: adminErrorText(error, BUSINESS_FORM_LABELS) };
}

/** A refused save in one line, naming the fields as the form labels them (the reasons stand under each). */
export function refusalSummary(errors: FieldErrors): string {
  const fields = Object.keys(errors).filter((key) => key !== 'form') as BusinessField[];
  if (fields.length === 0) return errors.form ?? '';
  if (fields.length === 1) return `${fieldLabel(fields[0]!, BUSINESS_FIELD_LABELS)}: ${errors[fields[0]!]}`;
  return `${fields.length} alanda hata var: ${fields.map((field) => fieldLabel(field, BUSINESS_FORM_LABELS)).join(', ')}. Her birinin nedeni alanın altında.`;
}
