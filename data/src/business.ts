/**
 * The shape of one business as it is written to the record: every field of the admin
 * spec's "Business (full read)" (the 27 export fields) except the ones the record assigns
 * (id, slug, created_at, updated_at). Import, demo data and admin edits all produce this.
 */
export interface BusinessInput {
  placeId: string | null;
  name: string;
  /** The browsing category ("Plumber", "Italian restaurant"). */
  category: string | null;
  /** The specific Google type; often equal to category. */
  type: string | null;
  /** Comma-separated, the city always second to last ("12 Market Street, Lyon, France"). */
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  /** Country name as written in the source. */
  country: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  reviewsLink: string | null;
  photo: string | null;
  logo: string | null;
  locatedIn: string | null;
  /** Google export shape: day name to hours text ("9AM–5PM", "Closed"). */
  workingHours: Record<string, string> | null;
  verified: boolean;
  /** Either amenity groups ({"Accessibility": {"Wheelchair accessible entrance": true}}) or plain text. */
  about: AboutValue | null;
  /** The business's own website. */
  url: string | null;
  /** IANA time zone of the business, for "open now". */
  timeZone: string | null;
  isApproved: boolean;
}

export type AboutGroups = Record<string, Record<string, boolean>>;
export type AboutValue = AboutGroups | string;

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
