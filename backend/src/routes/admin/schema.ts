import { z } from 'zod';
import { WEEK_DAYS } from '@directory/data/business.ts';
import { dayName, normalizeDayText } from '../../import/hours.ts';
import { requestShape } from '../../middleware/validate.ts';
import { limitParam, pageParam } from '../schema-parts.ts';
import { decodeListCursor, MAX_OFFSET_PAGE } from '../../services/admin-list-cursor.ts';
import { ADMIN_LIMITS } from '../../shared/admin-limits.ts';

const { business: BUSINESS_LIMITS } = ADMIN_LIMITS;

const idParam = z.object({ id: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more') });
/** Optional text: blank becomes null, so an operator clears a field by emptying it. */
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text or null' })
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .transform((text) => (text === null || text.trim() === '' ? null : text.trim()));
const httpUrl = (max: number) => optionalText(max).refine((text) => text === null || /^https?:\/\/[^\s]+$/i.test(text), 'must be an http(s) address');

/** A decimal number as an operator types it: "41.0082", "-3,7038" (a decimal comma), "+29". */
const DECIMAL_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;

/**
 * A coordinate between -limit and limit, or null: a number, or the text typed in the form
 * (read as a number, so a form sends what it holds and hears of every bad field at once).
 */
const coordinate = (limit: number) =>
  z.union([z.number(), z.string()], { error: 'must be a number or null' }).nullable().transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    if (value === null || text === '') return null;
    if (text !== null && !DECIMAL_TEXT.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be a number, e.g. 41.0082' });
      return null;
    }
    const number = text === null ? (value as number) : Number(text.replace(',', '.'));
    if (number < -limit || number > limit) ctx.addIssue({ code: 'custom', message: `must be between -${limit} and ${limit}` });
    return number;
  });

/**
 * How a form's text reads as a rating or review count. Not the import's parseRating/parseCount
 * (backend/src/import/clean.ts): a cell's "1,234" is a thousands separator there, while an
 * operator typing "4,5" or "41,008" means a decimal comma, and a count takes digits only.
 */
const RATING_TEXT = 'must be a number from 0 to 5, e.g. 4.5';
const REVIEWS_TEXT = 'must be a whole number of 0 or more';

/** A rating from 0 to 5, or null: a number, or the text typed in the form ("4,5" has a decimal comma). */
const rating = z.union([z.number(), z.string()], { error: 'must be a number or null' }).nullable().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : null;
  if (value === null || text === '') return null;
  const number = text === null ? (value as number) : DECIMAL_TEXT.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(number) || number < 0 || number > 5) {
    ctx.addIssue({ code: 'custom', message: RATING_TEXT });
    return null;
  }
  return number;
});

/** A review count: a whole number of 0 or more (a number or its text); blank is 0, as the import counts none. */
const reviewCount = z.union([z.number(), z.string()], { error: 'must be a number' }).nullable().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim() : null;
  if (value === null || text === '') return 0;
  const number = text === null ? (value as number) : /^\+?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 0) {
    ctx.addIssue({ code: 'custom', message: REVIEWS_TEXT });
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
  .record(z.string().max(40, 'day must be at most 40 characters'), z.string({ error: 'hours must be text' }).max(BUSINESS_LIMITS.hours, `hours must be at most ${BUSINESS_LIMITS.hours} characters`))
  .nullable()
  .transform((hours, ctx) => {
    if (hours === null) return null;
    const normalized: Record<string, string> = {};
    for (const [rawDay, text] of Object.entries(hours)) {
      if (text.trim() === '') continue;
      const day = dayName(rawDay);
      const dayText = normalizeDayText(text);
      if (day === null) ctx.addIssue({ code: 'custom', path: [rawDay], message: 'must be a day of the week (Monday to Sunday); empty it to remove it' });
      else if (dayText === null) ctx.addIssue({ code: 'custom', path: [rawDay], message: 'must be opening hours such as 9AM–5PM, 9AM–1PM, 2–6PM, Closed or Open 24 hours' });
      else if (normalized[day] !== undefined) ctx.addIssue({ code: 'custom', path: [rawDay], message: `gives ${day} a second time` });
      else normalized[day] = dayText;
    }
    // The record's order of days, whatever order they came in.
    const ordered = WEEK_DAYS.filter((day) => normalized[day] !== undefined).map((day) => [day, normalized[day]!] as const);
    return ordered.length > 0 ? Object.fromEntries(ordered) : null;
  });

export const AdminLoginSchema = requestShape({
  body: z.object({
    username: z.string({ error: 'is required' }).min(1, 'is required').max(ADMIN_LIMITS.login.username, `must be at most ${ADMIN_LIMITS.login.username} characters`),
    password: z.string({ error: 'is required' }).min(1, 'is required').max(ADMIN_LIMITS.login.password, `must be at most ${ADMIN_LIMITS.login.password} characters`),
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
export const AdminDeleteAllSchema = requestShape({});
export const AdminDeleteTestDataSchema = requestShape({});
export const AdminFixSlugsSchema = requestShape({});
export const AdminSiteSettingsReadSchema = requestShape({});

export const AdminActivitySchema = requestShape({ query: z.object({ page: pageParam, limit: limitParam(20) }) });
export type AdminActivityReq = z.infer<typeof AdminActivitySchema>;

export const AdminBusinessListSchema = requestShape({
  query: z.object({
    page: pageParam,
    limit: limitParam(20),
    filter: z.string().max(ADMIN_LIMITS.listFilter, `must be at most ${ADMIN_LIMITS.listFilter} characters`).default(''),
    category: z.string().max(ADMIN_LIMITS.listCategory, `must be at most ${ADMIN_LIMITS.listCategory} characters`).default('all'),
    sortBy: z.enum(['name', 'rating', 'reviewCount', 'createdAt'], { error: 'must be name, rating, reviewCount or createdAt' }).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
    after: z.string().max(1000, 'must be at most 1000 characters').optional(),
    before: z.string().max(1000, 'must be at most 1000 characters').optional(),
  }).superRefine((query, ctx) => {
    const badCursor = 'is not a cursor of this sort (start again from the first page)';
    if (query.after !== undefined && query.before !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'cannot be combined with after' });
    }
    if (query.after !== undefined && decodeListCursor(query.after, query.sortBy) === null) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: badCursor });
    }
    if (query.before !== undefined && query.before !== 'end' && decodeListCursor(query.before, query.sortBy) === null) {
      ctx.addIssue({ code: 'custom', path: ['before'], message: `${badCursor}, or "end" for the last page` });
    }
    if (query.after === undefined && query.before === undefined && query.page > MAX_OFFSET_PAGE) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: `must be at most ${MAX_OFFSET_PAGE} without a cursor (later pages are reached with after or before)` });
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

const businessId = z.number({ error: 'must be a whole number of 1 or more' }).int('must be a whole number of 1 or more').min(1, 'must be a whole number of 1 or more');
export const AdminBusinessBulkSchema = requestShape({
  body: z.object({
    action: z.enum(['approve', 'unapprove', 'delete'], { error: 'must be approve, unapprove or delete' }),
    // The count is checked before the ids, so an oversized list answers with one reason, not one per id.
    ids: z
      .array(z.unknown(), { error: 'must be a list of business ids' })
      .min(1, 'must name at least one business')
      .max(ADMIN_LIMITS.bulkIds, `must be at most ${ADMIN_LIMITS.bulkIds} ids a call`)
      .pipe(z.array(businessId))
      .transform((ids) => [...new Set(ids)]),
  }),
});
export type AdminBusinessBulkReq = z.infer<typeof AdminBusinessBulkSchema>;

export const AdminBusinessEditSchema = requestShape({
  params: idParam,
  body: z.object({
    name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(BUSINESS_LIMITS.name, `must be at most ${BUSINESS_LIMITS.name} characters`),
    category: optionalText(BUSINESS_LIMITS.category),
    type: optionalText(BUSINESS_LIMITS.type),
    street: optionalText(BUSINESS_LIMITS.street),
    city: optionalText(BUSINESS_LIMITS.city),
    postalCode: optionalText(BUSINESS_LIMITS.postalCode),
    country: optionalText(BUSINESS_LIMITS.country),
    countryCode: z
      .string({ error: 'must be a two-letter code or null' })
      .nullable()
      .transform((code) => (code === null || code.trim() === '' ? null : code.trim().toUpperCase()))
      .refine((code) => code === null || /^[A-Z]{2}$/.test(code), 'must be a two-letter country code'),
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
    verified: z.boolean({ error: 'must be true or false' }),
    isApproved: z.boolean({ error: 'must be true or false' }),
  }),
});
export type AdminBusinessEditReq = z.infer<typeof AdminBusinessEditSchema>;

const snippet = z.string({ error: 'must be text' }).max(ADMIN_LIMITS.snippet, `must be at most ${ADMIN_LIMITS.snippet.toLocaleString('en-US')} characters`);
export const AdminSiteSettingsSaveSchema = requestShape({
  body: z.object({ head_tags: snippet, footer_tags: snippet, analytics_code: snippet, facebook_pixel: snippet }),
});
export type AdminSiteSettingsSaveReq = z.infer<typeof AdminSiteSettingsSaveSchema>;

/** Lines of a multi-line detail: each trimmed, blank ones dropped, so an operator clears it by emptying it. */
const textLines = (maxLines: number, maxLength: number) =>
  z
    .array(z.string({ error: 'must be text' }).max(maxLength, `must be at most ${maxLength} characters`), { error: 'must be a list of lines' })
    .transform((lines) => lines.map((line) => line.trim()).filter((line) => line !== ''))
    .refine((lines) => lines.length <= maxLines, `must be at most ${maxLines} lines`);
const contactEmail = optionalText(254).refine((text) => text === null || z.email().safeParse(text).success, 'must be an email address (name@domain)');
/** The most phone lines the contact page shows. */
export const MAX_CONTACT_PHONE_LINES = 5;
export const AdminContactDetailsSaveSchema = requestShape({
  body: z.object({
    organisationName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    addressLines: textLines(8, 200),
    supportEmail: contactEmail,
    legalEmail: contactEmail,
    privacyEmail: contactEmail,
    phoneLines: z
      .array(
        z.object({
          label: optionalText(80),
          number: z
            .string({ error: 'is required' })
            .trim()
            .min(1, 'is required')
            .max(40, 'must be at most 40 characters')
            .regex(/^\+?[\d ().\-/]*\d[\d ().\-/]*$/, 'must be a phone number (digits, spaces, + ( ) - . /)'),
        }),
        { error: 'must be a list of phone lines' },
      )
      .max(MAX_CONTACT_PHONE_LINES, `must be at most ${MAX_CONTACT_PHONE_LINES} lines`),
    businessHours: textLines(10, 120),
  }),
});
export type AdminContactDetailsSaveReq = z.infer<typeof AdminContactDetailsSaveSchema>;
export const AdminContactDetailsReadSchema = requestShape({});

/** Sizes are checked by the handler (413 naming the area), not here (400). */
const adCode = z.string({ error: 'must be text' });
export const AdminAdCodesSaveSchema = requestShape({ body: z.object({ ad1: adCode, ad2: adCode, ad3: adCode, ad4: adCode }) });
export type AdminAdCodesSaveReq = z.infer<typeof AdminAdCodesSaveSchema>;

export const AdminMessagesSchema = requestShape({
  query: z.object({
    page: pageParam,
    limit: limitParam(20),
    status: z.enum(['all', 'unread', 'handled'], { error: 'must be all, unread or handled' }).default('all'),
  }),
});
export type AdminMessagesReq = z.infer<typeof AdminMessagesSchema>;

export const AdminMessageUpdateSchema = requestShape({
  params: idParam,
  body: z
    .object({ isRead: z.boolean({ error: 'must be true or false' }).optional(), isHandled: z.boolean({ error: 'must be true or false' }).optional() })
    .strict(),
});
export type AdminMessageUpdateReq = z.infer<typeof AdminMessageUpdateSchema>;

export const AdminMessageDeleteSchema = requestShape({ params: idParam });
export type AdminMessageDeleteReq = z.infer<typeof AdminMessageDeleteSchema>;
