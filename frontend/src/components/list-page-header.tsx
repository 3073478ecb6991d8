import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';
import { StatTiles, type StatTile } from './stat-tiles.tsx';

export interface ListPageHeaderProps {
  /** The trail above the title, on pages below a list. */
  crumbs?: Crumb[];
  title: ReactNode;
  lead: ReactNode;
  tiles?: StatTile[];
}

/** The coloured band at the top of the browse pages: trail, title, one line of lead and the figures. */
export function ListPageHeader({ crumbs, title, lead, tiles }: ListPageHeaderProps) {
  return (
    <header className="browse-header">
      <div className="container">
        {crumbs && <Breadcrumbs items={crumbs} />}
        <h1>{title}</h1>
        <p>{lead}</p>
        {tiles && <StatTiles tiles={tiles} />}
      </div>
    </header>
  );
}
