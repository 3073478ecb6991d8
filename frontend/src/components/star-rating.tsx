const STAR_PATH = 'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';
const STAR_COUNT = 5;

export interface StarRatingProps {
  rating: number | null;
  size?: 'sm' | 'md';
}

/** Fill of the star at `index` (0-based) for a rating from 0 to 5, as a fraction from 0 to 1. */
export function getStarFill(rating: number, index: number): number {
  return Math.min(1, Math.max(0, rating - index));
}

/** Five stars with partial fill; reads as "Rated 4.5 out of 5" (or "Not rated yet"). */
export function StarRating({ rating, size = 'md' }: StarRatingProps) {
  const value = rating === null || Number.isNaN(rating) ? null : Math.min(STAR_COUNT, Math.max(0, rating));
  const label = value === null ? 'Not rated yet' : `Rated ${Number(value.toFixed(1))} out of 5`;
  return (
    <span className={`star-rating star-rating-${size}`} role="img" aria-label={label}>
      {Array.from({ length: STAR_COUNT }, (_, index) => {
        const fill = value === null ? 0 : getStarFill(value, index);
        return (
          <span key={index} className="star-rating-star" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="star-rating-empty" focusable="false">
              <path d={STAR_PATH} />
            </svg>
            <span className="star-rating-fill" style={{ width: `${Math.round(fill * 100)}%` }}>
              <svg viewBox="0 0 24 24" focusable="false">
                <path d={STAR_PATH} />
              </svg>
            </span>
          </span>
        );
      })}
    </span>
  );
}
