const STAR_COUNT = 5;

export interface StarRatingProps {
  rating: number | null;
  size?: 'sm' | 'md';
}

/** Fill of the star at `index` (0-based) for a rating from 0 to 5, as a fraction from 0 to 1. */
export function getStarFill(rating: number, index: number): number {
  return Math.min(1, Math.max(0, rating - index));
}

/**
 * Five stars with partial fill; reads as "Rated 4.5 out of 5" (or "Not rated yet"). Each star is
 * a box cut to a star's shape by a CSS mask (styles/global.css), its fill a coloured box inside:
 * two elements a star instead of two SVGs, for a page of results has dozens of ratings to lay
 * out and hydrate.
 */
export function StarRating({ rating, size = 'md' }: StarRatingProps) {
  const value = rating === null || Number.isNaN(rating) ? null : Math.min(STAR_COUNT, Math.max(0, rating));
  const label = value === null ? 'Not rated yet' : `Rated ${Number(value.toFixed(1))} out of 5`;
  return (
    <span className={`star-rating star-rating-${size}`} role="img" aria-label={label}>
      {Array.from({ length: STAR_COUNT }, (_, index) => {
        const fill = value === null ? 0 : getStarFill(value, index);
        return (
          <span key={index} className="star-rating-star" aria-hidden="true">
            {fill > 0 && <span className="star-rating-fill" style={{ width: `${Math.round(fill * 100)}%` }} />}
          </span>
        );
      })}
    </span>
  );
}
