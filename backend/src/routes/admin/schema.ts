import { z } from 'zod';
import { WEEK_DAYS } from '@directory/data/business.ts';
import { dayName, normalizeDayText } from '../../import/hours.ts';
import { reason } from '../../middleware/field-issues.ts';
import { requestShape } from '../../middleware/validate.ts';
import { limitParam, oneOf, pageParam } from '../schema-parts.ts';
import { decodeListCursor, MAX_OFFSET_PAGE } from '../../services/admin-list-cursor.ts';
import { ADMIN_LIMITS } from '../../shared/admin-limits.ts';
import type { BusinessStatus } from '../../shared/api-types.ts';

const { business: BUSINESS_LIMITS } = ADMIN_LIMITS;
/** The values of a business's `status` (BusinessStatus). */
const BUSINESS_STATUSES = ['operational', 'temporarily_closed'] as const satisfies readonly BusinessStatus[];
/** The longest list cursor read (a cursor is a sort value and an id, encoded). */
const LIST_CURSOR_MAX = 1000;

const idParam = z.object({ id: z.coerce.number({ error: reason('whole_number') }).int(reason('whole_number')).min(1, reason('min_value', { min: 1 })) });
/** Optional text: blank becomes null, so an operator clears a field by emptying it. */
const optionalText = (max: number) =>
  z
    .string({ error: reason('text_or_null') })
    .max(max, reason('too_long', { max }))
    .nullable()
    .transform((text) => (text === null || text.trim() === '' ? null : text.trim()));
const httpUrl = (max: number) => optionalText(max).refine((text) => text === null || /^https?:\/\/[^\s]+$/i.test(text), reason('http_address'));

/** A decimal number as an operator types it: "41.0082", "-3,7038" (a decimal comma), "+29". */
const DECIMAL_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;

/**
 * A coordinate between -limit and limit, or null: a number, or the text typed in the form
 * (read as a number, so a form sends what it holds and hears of every bad field at once).
 */
const coordinate = (limit: number) =>
  z.union([z.number(), z.string()], { error: reason('number_or_null') }).nullable().transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    if (value === null || text === '') return null;
    if (text !== null && !DECIMAL_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: reason('decimal') });
      return null;
    }
    const number = text === null ? (value as number) : Number(text.replace(',', '.'));
    if (number < -limit || number > limit) ctx.addIssue({ code: 'custom', message: reason('between', { min: -limit, max: limit }) });
    return number;
  });

/**
 * How a form's text reads as a rating or review count. Not the import's parseRating/parseCount
 * (backend/src/import/clean.ts): a cell's "1,234" is a thousands separator there, while an
 * operator typing "4,5" or "41,008" means a decimal comma, and a count takes digits only.
 */

/** A rating from 0 to 5, or null: a number, or the text typed in the form ("4,5" has a decimal comma). */
const rating = z.union([z.number(), z.string()], { error: reason('number_or_null') }).nullable().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : null;
  if (value === null || text === '') return null;
  const number = text === null ? (value as number) : DECIMAL_TEXT.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(number) || number < 0 || number > 5) {
    ctx.addIssue({ code: 'custom', message: reason('rating') });
    return null;
  }
  return number;
});

/** A review count: a whole number of 0 or more (a number or its text); blank is 0, as the import counts none. */
const reviewCount = z.union([z.number(), z.string()], { error: reason('number') }).nullable().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : null;
  if (value === null || text === '') return 0;
  const number = text === null ? (value as number) : /^\+?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 0) {
    ctx.addIssue({ code: 'custom', message: reason('review_count') });
    return 0;
  }
  return number;
});

/**
 * Opening hours in the record's form (backend/src/import/hours.ts, as imports write them):
 * English day names to Google day text ("9 am - 5 pm" is saved as "9AM–5PM"). Each day that
 * is not a day of the week, or whose text cannot be read as hours, is named with its reason.
 * A blank day is left out; no day at all is null.
 */
const openingHours = z
  .record(
    z.string().max(40, reason('day_too_long', { max: 40 })),
    z.string({ error: reason('hours_text') }).max(BUSINESS_LIMITS.hours, reason('hours_too_long', { max: BUSINESS_LIMITS.hours })),
  )
  .nullable()
  .transform((hours, ctx) => {
    if (hours === null) return null;
    const normalized: Record<string, string> = {};
    for (const [rawDay, text] of Object.entries(hours)) {
      if (text.trim() === '') continue;
      const day = dayName(rawDay);
      const dayText = normalizeDayText(text);
      if (day === null) ctx.addIssue({ code: 'custom', path: [rawDay], message: reason('week_day') });
      else if (dayText === null) ctx.addIssue({ code: 'custom', path: [rawDay], message: reason('opening_hours') });
      else if (normalized[day] !== undefined) ctx.addIssue({ code: 'custom', path: [rawDay], message: reason('day_repeated', { day }) });
      else normalized[day] = dayText;
    }
    // The record's order of days, whatever order they came in.
    const ordered = WEEK_DAYS.filter((day) => normalized[day] !== undefined).map((day) => [day, normalized[day]!] as const);
    return ordered.length > 0 ? Object.fromEntries(ordered) : null;
  });

export const AdminLoginSchema = requestShape({
  body: z.object({
    username: z.string({ error: reason('required') }).min(1, reason('required')).max(ADMIN_LIMITS.login.username, reason('too_long', { max: ADMIN_LIMITS.login.username })),
    password: z.string({ error: reason('required') }).min(1, reason('required')).max(ADMIN_LIMITS.login.password, reason('too_long', { max: ADMIN_LIMITS.login.password })),
  }),
});
export type AdminLoginReq = z.infer<typeof AdminLoginSchema>;

export const AdminSessionSchema = requestShape({});
export const AdminLogoutSchema = requestShape({});
export const AdminStatsSchema = requestShape({});
export const AdminUploadReportsSchema = requestShape({});
export const AdminCategoriesSchema = requestShape({});
export const AdminCountryCodesSchema = requestShape({});
export const AdminCategoryCountsSchema = requestShape({});
export const AdminReportsSchema = requestShape({});
export const AdminSitemapsSchema = requestShape({});
export const AdminSitemapsRegenerateSchema = requestShape({});
export const AdminReindexStatusSchema = requestShape({});
export const AdminReindexStartSchema = requestShape({});
export const AdminClearCacheSchema = requestShape({});
/** Every maintenance task's call (shared/maintenance-tasks.ts): it sends nothing. */
export const AdminMaintenanceSchema = requestShape({});
export const AdminSiteSettingsReadSchema = requestShape({});

export const AdminActivitySchema = requestShape({ query: z.object({ page: pageParam, limit: limitParam(20) }) });
export type AdminActivityReq = z.infer<typeof AdminActivitySchema>;

export const AdminBusinessListSchema = requestShape({
  query: z.object({
    page: pageParam,
    limit: limitParam(20),
    filter: z.string().max(ADMIN_LIMITS.listFilter, reason('too_long', { max: ADMIN_LIMITS.listFilter })).default(''),
    category: z.string().max(ADMIN_LIMITS.listCategory, reason('too_long', { max: ADMIN_LIMITS.listCategory })).default('all'),
    sortBy: oneOf(['name', 'rating', 'reviewCount', 'createdAt']).default('createdAt'),
    sortOrder: oneOf(['asc', 'desc']).default('desc'),
    after: z.string().max(LIST_CURSOR_MAX, reason('too_long', { max: LIST_CURSOR_MAX })).optional(),
    before: z.string().max(LIST_CURSOR_MAX, reason('too_long', { max: LIST_CURSOR_MAX })).optional(),
  }).superRefine((query, ctx) => {
    if (query.after !== undefined && query.before !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['before'], message: reason('cursor_with_after') });
    }
    if (query.after !== undefined && decodeListCursor(query.after, query.sortBy) === null) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: reason('bad_cursor') });
    }
    if (query.before !== undefined && query.before !== 'end' && decodeListCursor(query.before, query.sortBy) === null) {
      ctx.addIssue({ code: 'custom', path: ['before'], message: reason('bad_cursor_or_end') });
    }
    if (query.after === undefined && query.before === undefined && query.page > MAX_OFFSET_PAGE) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: reason('page_needs_cursor', { max: MAX_OFFSET_PAGE }) });
    }
  }),
});
export type AdminBusinessListReq = z.infer<typeof AdminBusinessListSchema>;

export const AdminBusinessReadSchema = requestShape({ params: idParam });
export type AdminBusinessReadReq = z.infer<typeof AdminBusinessReadSchema>;

export const AdminBusinessToggleSchema = requestShape({ params: idParam });
export type AdminBusinessToggleReq = z.infer<typeof AdminBusinessToggleSchema>;

export const BusinessDeleteSchema = requestShape({ params: idParam });
export type BusinessDeleteReq = z.infer<typeof BusinessDeleteSchema>;

const businessId = z.number({ error: reason('business_id') }).int(reason('business_id')).min(1, reason('business_id'));
export const AdminBusinessBulkSchema = requestShape({
  body: z.object({
    action: z.enum(['approve', 'unapprove', 'delete'], { error: reason('one_of', { values: ['approve', 'unapprove', 'delete'] }) }),
    // The count is checked before the ids, so an oversized list answers with one reason, not one per id.
    ids: z
      .array(z.unknown(), { error: reason('business_ids') })
      .min(1, reason('no_business_ids'))
      .max(ADMIN_LIMITS.bulkIds, reason('too_many_business_ids', { max: ADMIN_LIMITS.bulkIds }))
      .pipe(z.array(businessId))
      .transform((ids) => [...new Set(ids)]),
  }),
});
export type AdminBusinessBulkReq = z.infer<typeof AdminBusinessBulkSchema>;

export const AdminBusinessEditSchema = requestShape({
  params: idParam,
  body: z.object({
    name: z.string({ error: reason('required') }).trim().min(1, reason('required')).max(BUSINESS_LIMITS.name, reason('too_long', { max: BUSINESS_LIMITS.name })),
    category: optionalText(BUSINESS_LIMITS.category),
    type: optionalText(BUSINESS_LIMITS.type),
    street: optionalText(BUSINESS_LIMITS.street),
    city: optionalText(BUSINESS_LIMITS.city),
    postalCode: optionalText(BUSINESS_LIMITS.postalCode),
    country: optionalText(BUSINESS_LIMITS.country),
    countryCode: z
      .string({ error: reason('country_code_or_null') })
      .nullable()
      .transform((code) => (code === null || code.trim() === '' ? null : code.trim().toUpperCase()))
      .refine((code) => code === null || /^[A-Z]{2}$/.test(code), reason('country_code')),
    phone: optionalText(BUSINESS_LIMITS.phone),
    latitude: coordinate(90),
    longitude: coordinate(180),
    workingHours: openingHours.optional(),
    about: optionalText(BUSINESS_LIMITS.about),
    // Each left out keeps the record's value (the address line is then rebuilt from changed parts).
    url: httpUrl(BUSINESS_LIMITS.url).optional(),
    photo: httpUrl(BUSINESS_LIMITS.photo).optional(),
    fullAddress: optionalText(BUSINESS_LIMITS.fullAddress).optional(),
    rating: rating.optional(),
    reviews: reviewCount.optional(),
    reviewsLink: httpUrl(BUSINESS_LIMITS.reviewsLink).optional(),
    logo: httpUrl(BUSINESS_LIMITS.logo).optional(),
    locatedIn: optionalText(BUSINESS_LIMITS.locatedIn).optional(),
    verified: z.boolean({ error: reason('boolean') }),
    isApproved: z.boolean({ error: reason('boolean') }),
    // Left out: the closure mark stays as it is.
    status: z.enum(BUSINESS_STATUSES, { error: reason('one_of', { values: [...BUSINESS_STATUSES] }) }).optional(),
  }),
});
export type AdminBusinessEditReq = z.infer<typeof AdminBusinessEditSchema>;

const snippet = z.string({ error: reason('text') }).max(ADMIN_LIMITS.snippet, reason('too_long', { max: ADMIN_LIMITS.snippet }));
export const AdminSiteSettingsSaveSchema = requestShape({
  body: z.object({ head_tags: snippet, footer_tags: snippet, analytics_code: snippet, facebook_pixel: snippet }),
});
export type AdminSiteSettingsSaveReq = z.infer<typeof AdminSiteSettingsSaveSchema>;

/** Lines of a multi-line detail: each trimmed, blank ones dropped, so an operator clears it by emptying it. */
const textLines = (maxLines: number, maxLength: number) =>
  z
    .array(z.string({ error: reason('text') }).max(maxLength, reason('too_long', { max: maxLength })), { error: reason('lines') })
    .transform((lines) => lines.map((line) => line.trim()).filter((line) => line !== ''))
    .refine((lines) => lines.length <= maxLines, reason('too_many_lines', { max: maxLines }));
const contactEmail = optionalText(254).refine((text) => text === null || z.email().safeParse(text).success, reason('email'));
/** The most phone lines the contact page shows. */
export const MAX_CONTACT_PHONE_LINES = 5;
export const AdminContactDetailsSaveSchema = requestShape({
  body: z.object({
    organisationName: z.string({ error: reason('required') }).trim().min(1, reason('required')).max(200, reason('too_long', { max: 200 })),
    addressLines: textLines(8, 200),
    supportEmail: contactEmail,
    legalEmail: contactEmail,
    privacyEmail: contactEmail,
    phoneLines: z
      .array(
        z.object({
          label: optionalText(80),
          number: z
            .string({ error: reason('required') })
            .trim()
            .min(1, reason('required'))
            .max(40, reason('too_long', { max: 40 }))
            .regex(/^\+?[\d ().\-/]*\d[\d ().\-/]*$/, reason('phone')),
        }),
        { error: reason('phone_lines') },
      )
      .max(MAX_CONTACT_PHONE_LINES, reason('too_many_lines', { max: MAX_CONTACT_PHONE_LINES })),
    businessHours: textLines(10, 120),
  }),
});
export type AdminContactDetailsSaveReq = z.infer<typeof AdminContactDetailsSaveSchema>;
export const AdminContactDetailsReadSchema = requestShape({});

/** Sizes are checked by the handler (413 naming the area), not here (400). */
const adCode = z.string({ error: reason('text') });
export const AdminAdCodesSaveSchema = requestShape({ body: z.object({ ad1: adCode, ad2: adCode, ad3: adCode, ad4: adCode }) });
export type AdminAdCodesSaveReq = z.infer<typeof AdminAdCodesSaveSchema>;

export const AdminMessagesSchema = requestShape({
  query: z.object({
    page: pageParam,
    limit: limitParam(20),
    status: oneOf(['all', 'unread', 'handled']).default('all'),
  }),
});
export type AdminMessagesReq = z.infer<typeof AdminMessagesSchema>;

export const AdminMessageUpdateSchema = requestShape({
  params: idParam,
  body: z
    .object({ isRead: z.boolean({ error: reason('boolean') }).optional(), isHandled: z.boolean({ error: reason('boolean') }).optional() })
    .strict(),
});
export type AdminMessageUpdateReq = z.infer<typeof AdminMessageUpdateSchema>;

export const AdminMessageDeleteSchema = requestShape({ params: idParam });
export type AdminMessageDeleteReq = z.infer<typeof AdminMessageDeleteSchema>;
