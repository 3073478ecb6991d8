import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StarRating } from './star-rating.tsx';

/** The rating's accessible name and how full each of its five stars is drawn, in percent. */
function drawn(rating: number | null): { label: string; fills: number[] } {
  const html = renderToString(<StarRating rating={rating} />);
  const label = /role="img" aria-label="([^"]+)"/.exec(html)?.[1] ?? '';
  const stars = html.split('class="star-rating-star"').slice(1);
  return { label, fills: stars.map((star) => Number(/width:(\d+)%/.exec(star)?.[1] ?? 0)) };
}

describe('StarRating', () => {
  it('reads as the rating and fills the stars up to it, the last one partly', () => {
    expect(drawn(4.5)).toEqual({ label: 'Rated 4.5 out of 5', fills: [100, 100, 100, 100, 50] });
    expect(drawn(3.2)).toEqual({ label: 'Rated 3.2 out of 5', fills: [100, 100, 100, 20, 0] });
    expect(drawn(5)).toEqual({ label: 'Rated 5 out of 5', fills: [100, 100, 100, 100, 100] });
  });

  it('shows five empty stars for a business without a rating, and keeps ratings within 0 to 5', () => {
    expect(drawn(null)).toEqual({ label: 'Not rated yet', fills: [0, 0, 0, 0, 0] });
    expect(drawn(7)).toEqual({ label: 'Rated 5 out of 5', fills: [100, 100, 100, 100, 100] });
  });
});
