import type { ReactNode } from 'react';
import { FilterBox, LetterStrip, type LetterStripProps } from './pager.tsx';

/** "Browse by Letter" and the A–Z strip above (or below) a list. */
export function LetterSection({ titleId, ...strip }: LetterStripProps & { titleId: string }) {
  return (
    <section className="browse-letters" aria-labelledby={titleId}>
      <h2 id={titleId}>Browse by Letter</h2>
      <LetterStrip {...strip} />
    </section>
  );
}

/** The bar above a list: its filter box, then whatever the page adds (view toggle, a way back). */
export function FilterToolbar({ label, placeholder, children }: { label: string; placeholder: string; children?: ReactNode }) {
  return (
    <div className="browse-toolbar">
      <FilterBox label={label} placeholder={placeholder} />
      {children}
    </div>
  );
}
