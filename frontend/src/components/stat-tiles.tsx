import { Fragment, type ReactNode } from 'react';
import { formatNumber } from '../lib/format.ts';

export interface StatTile {
  label: string;
  /** A number is shown formatted ("1,234"); anything else as given. */
  value: ReactNode;
  /** Class of the value, for tiles that show more than a number. */
  className?: string;
}

/**
 * A count as the tiles show it: "1,000,000", which a tile too narrow for it (three to a phone's
 * row) breaks between digit groups ("1,000," then "000"), never inside one.
 */
function groupedNumber(value: number): ReactNode {
  return formatNumber(value)
    .split(',')
    .map((group, index) => (index === 0 ? group : <Fragment key={index}>,<wbr />{group}</Fragment>));
}

/** The row of figures in a list page's header band ("Total categories 1,234"). */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div className="stat-tile" key={tile.label}>
          <dt>{tile.label}</dt>
          <dd className={tile.className}>{typeof tile.value === 'number' ? groupedNumber(tile.value) : tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
