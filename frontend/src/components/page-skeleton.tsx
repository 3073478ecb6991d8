import type { ReactNode } from 'react';
import './page-skeleton.css';

/** Grey blocks standing in for content: hidden from screen readers, which hear the status text instead. */
function Bar({ width, height = '1rem', className = '' }: { width: string; height?: string; className?: string }) {
  return <span className={`skeleton-bar ${className}`} style={{ width, height }} />;
}

function CardPlaceholders({ count, className = '' }: { count: number; className?: string }) {
  return (
    <ul className={`card-grid skeleton-grid ${className}`}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="card skeleton-card">
          <Bar width="70%" height="1.2rem" />
          <Bar width="40%" />
          <Bar width="90%" height="0.7rem" />
        </li>
      ))}
    </ul>
  );
}

/** The page's frame while its data is on the way: announced once as busy, the blocks themselves silent. */
function SkeletonFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="page-skeleton" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

function HeaderPlaceholder({ tiles = 3 }: { tiles?: number }) {
  return (
    <div className="browse-header skeleton-header">
      <div className="container">
        <Bar width="min(22rem, 80%)" height="2.1rem" className="skeleton-on-dark" />
        <Bar width="min(30rem, 95%)" className="skeleton-on-dark" />
        <div className="stat-tiles">
          {Array.from({ length: tiles }, (_, index) => (
            <div key={index} className="stat-tile">
              <Bar width="60%" height="0.8rem" className="skeleton-on-dark" />
              <Bar width="45%" height="1.6rem" className="skeleton-on-dark" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A list page (cities, categories, countries, businesses): its header and 12 cards, as visitor spec §2 shows. */
export function ListSkeleton() {
  return (
    <SkeletonFrame label="Loading…">
      <HeaderPlaceholder />
      <div className="container">
        <Bar width="12rem" className="skeleton-summary" />
        <CardPlaceholders count={12} />
      </div>
    </SkeletonFrame>
  );
}

/** One category, country or city: header, a sidebar and a page of cards. */
export function PlaceSkeleton() {
  return (
    <SkeletonFrame label="Loading…">
      <HeaderPlaceholder />
      <div className="container browse-layout">
        <div className="card skeleton-card skeleton-sidebar">
          {Array.from({ length: 8 }, (_, index) => (
            <Bar key={index} width={`${90 - index * 6}%`} />
          ))}
        </div>
        <CardPlaceholders count={12} />
      </div>
    </SkeletonFrame>
  );
}

/** The home page: the hero, four counters and the featured cards (visitor spec §2: "While loading, placeholders are shown"). */
export function HomeSkeleton() {
  return (
    <SkeletonFrame label="Loading the home page…">
      <div className="hero skeleton-header">
        <div className="container">
          <Bar width="min(34rem, 90%)" height="2.6rem" className="skeleton-on-dark" />
          <Bar width="min(26rem, 80%)" className="skeleton-on-dark" />
          <Bar width="100%" height="4.5rem" className="skeleton-on-dark skeleton-search" />
          <div className="stat-tiles">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className="stat-tile">
                <Bar width="50%" height="1.6rem" className="skeleton-on-dark" />
                <Bar width="70%" height="0.8rem" className="skeleton-on-dark" />
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="container section">
        <Bar width="14rem" height="1.6rem" />
        <CardPlaceholders count={12} />
      </div>
    </SkeletonFrame>
  );
}

/** A business page: photo, name, badges and the first sections. */
export function DetailSkeleton() {
  return (
    <SkeletonFrame label="Loading the business…">
      <div className="container skeleton-detail">
        <Bar width="16rem" />
        <div className="card skeleton-detail-header">
          <span className="skeleton-bar skeleton-photo" />
          <div className="skeleton-detail-text">
            <Bar width="8rem" />
            <Bar width="70%" height="2rem" />
            <Bar width="50%" />
            <Bar width="85%" />
          </div>
        </div>
        <div className="card skeleton-card">
          <Bar width="40%" height="1.3rem" />
          <Bar width="90%" />
          <Bar width="75%" />
        </div>
      </div>
    </SkeletonFrame>
  );
}

/** Any other page: a title and a few lines. */
export function GenericSkeleton() {
  return (
    <SkeletonFrame label="Loading…">
      <HeaderPlaceholder tiles={0} />
      <div className="container">
        <div className="card skeleton-card skeleton-generic">
          <Bar width="60%" height="1.3rem" />
          <Bar width="95%" />
          <Bar width="90%" />
          <Bar width="70%" />
        </div>
      </div>
    </SkeletonFrame>
  );
}
