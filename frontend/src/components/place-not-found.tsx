import { Link } from './link.tsx';
import type { BackLink } from '../lib/route-errors.ts';

/** 'Country not found', 'City not found', 'Category not found': what is missing and the way back to its list. */
export function PlaceNotFound({ title, back }: { title: string; back: BackLink }) {
  return (
    <div className="container">
      <div className="page-state place-not-found" aria-labelledby="place-not-found-title">
        <svg className="page-state-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 2a7 7 0 0 1 7 7c0 5.25-7 13-7 13S5 14.25 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z" />
        </svg>
        <h1 id="place-not-found-title" className="page-state-title">
          {title}
        </h1>
        <p>The address may be mistyped, or the place has no listed businesses any more.</p>
        <Link className="button" to={back.to}>
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      </div>
    </div>
  );
}
