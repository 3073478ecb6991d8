/**
 * The lengths the admin calls accept, in characters (UTF-16 code units, as both zod's `max` and
 * an input's `maxlength` count them), and how many ids a bulk call may name. The server's schemas
 * refuse more; the admin screens stop typing (or selecting) at the same bound, so an operator
 * never composes what the server will refuse.
 */
import { EDITED_FIELDS, type LimitedKey } from '@directory/data/business-fields.ts';

const FIELD_LIMITS = Object.fromEntries(
  EDITED_FIELDS.flatMap((field) => ('maxLength' in field.edit ? [[field.key, field.edit.maxLength]] : [])),
) as Record<LimitedKey, number>;

export const ADMIN_LIMITS = {
  /** The business list's name search and category (`GET /api/admin/businesses`). */
  listFilter: 200,
  listCategory: 200,
  /** The ids one bulk call (`POST /api/admin/businesses/bulk`) may name. */
  bulkIds: 500,
  login: { username: 200, password: 1000 },
  /** The business edit (`PUT /api/admin/businesses/:id`): each field's, from data/src/business-fields.ts. */
  business: {
    ...FIELD_LIMITS,
    /** One day's hours text. */
    hours: 200,
  },
  /** Each site-settings code box. */
  snippet: 200_000,
} as const;
