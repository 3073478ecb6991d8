/**
 * Ratings and review counts shaped like real listings: most places rated 4.0–4.8, a few
 * much lower; review counts heavy-tailed (mostly under 300, rarely in the thousands).
 */
import type { Random } from './random.ts';

const MAX_REVIEWS = 20_000;
const UNRATED_SHARE = 0.04;

export interface DemoReviews {
  readonly rating: number | null;
  readonly reviews: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A rating in [1, 5] with one decimal, skewed towards 4.0–4.8. */
function rating(random: Random): number {
  const roll = random.next();
  const normal = random.normal();
  if (roll < 0.75) return roundToTenth(clamp(4.4 + 0.3 * normal, 1, 5));
  if (roll < 0.95) return roundToTenth(3 + 1.6 * random.next());
  return roundToTenth(1 + 2 * random.next());
}

/** A log-normal review count: median around 30, capped at 20,000, at least 1. */
function reviewCount(random: Random): number {
  const count = Math.round(Math.exp(3.4 + 1.5 * random.normal()));
  return clamp(count, 1, MAX_REVIEWS);
}

/** Rating and review count; ~4% of places have no rating and no reviews. */
export function demoReviews(random: Random): DemoReviews {
  if (random.chance(UNRATED_SHARE)) return { rating: null, reviews: 0 };
  return { rating: rating(random), reviews: reviewCount(random) };
}

/** The Google reviews link of a place that has reviews. */
export function reviewsLink(placeId: string, reviews: number): string | null {
  return reviews > 0 ? `https://search.google.com/local/reviews?placeid=${placeId}` : null;
}
