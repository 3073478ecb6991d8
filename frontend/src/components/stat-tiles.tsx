import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format.ts';

export interface StatTile {
  label: string;
  /** A number is shown formatted ("1,234"); anything else as given. */
  value: ReactNode;
  /** Class of the value, for tiles that show more than a number. */
  className?: string;
}

/** The row of figures in a list page's header band ("Total categories 1,234"). */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div className="stat-tile" key={tile.label}>
          <dt>{tile.label}</dt>
          <dd className={tile.className}>{typeof tile.value === 'number' ? formatNumber(tile.value) : tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
