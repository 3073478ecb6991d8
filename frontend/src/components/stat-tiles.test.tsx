import { expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { StatTiles } from './stat-tiles.tsx';

it('shows counts grouped, breakable only between digit groups, and other values as given', () => {
  const html = renderToStaticMarkup(
    <StatTiles tiles={[{ label: 'Total businesses', value: 1_000_000 }, { label: 'Cities', value: 428 }, { label: 'Top', value: 'Tokyo' }]} />,
  );
  expect(html).toContain('<dt>Total businesses</dt><dd>1,<wbr/>000,<wbr/>000</dd>');
  expect(html).toContain('<dt>Cities</dt><dd>428</dd>');
  expect(html).toContain('<dt>Top</dt><dd>Tokyo</dd>');
});
