import { useId } from 'react';
import { useNumericMenu } from 'react-instantsearch';
import { StarRating } from '../../../components/star-rating.tsx';
import { RATING_PARAMS } from '../widget-params.ts';
import { FilterLink } from './filter-link.tsx';

/** Minimum rating: any, 4.5+, 4+, 3+, 2+. */
export function RatingFilter() {
  const id = useId();
  const { items, refine, createURL } = useNumericMenu(RATING_PARAMS);
  return (
    <section className="filter-group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="filter-title">
        Rating
      </h3>
      <div className="filter-list" role="radiogroup" aria-labelledby={`${id}-title`}>
        {items.map((item) => {
          const minimum = Number.parseFloat(item.label);
          return (
            <FilterLink key={item.label} url={createURL(item.value)} role="radio" isChecked={item.isRefined} onSelect={() => refine(item.value)}>
              {Number.isNaN(minimum) ? (
                <span className="filter-label">{item.label}</span>
              ) : (
                <span className="filter-label filter-rating">
                  <span aria-hidden="true">
                    <StarRating rating={minimum} size="sm" />
                  </span>
                  <span>
                    {item.label}
                    <span className="visually-hidden"> stars</span>
                  </span>
                </span>
              )}
            </FilterLink>
          );
        })}
      </div>
    </section>
  );
}
