/**
 * The lengths the admin calls accept, in characters (UTF-16 code units, as both zod's `max` and
 * an input's `maxlength` count them), and how many ids a bulk call may name. The server's schemas
 * refuse more; the admin screens stop typing (or selecting) at the same bound, so an operator
 * never composes what the server will refuse.
 */
export const ADMIN_LIMITS = {
  /** The business list's name search and category (`GET /api/admin/businesses`). */
  listFilter: 200,
  listCategory: 200,
  /** The ids one bulk call (`POST /api/admin/businesses/bulk`) may name. */
  bulkIds: 500,
  login: { username: 200, password: 1000 },
  /** The business edit (`PUT /api/admin/businesses/:id`). */
  business: {
    name: 300,
    category: 200,
    type: 200,
    street: 300,
    city: 200,
    postalCode: 40,
    country: 200,
    phone: 60,
    about: 20_000,
    url: 2000,
    photo: 2000,
    fullAddress: 500,
    reviewsLink: 2000,
    logo: 2000,
    locatedIn: 300,
    /** One day's hours text. */
    hours: 200,
  },
  /** Each site-settings code box. */
  snippet: 200_000,
} as const;
