import { useEffect, useRef } from 'react';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';


/** Re-creates the <script> elements under `container` so the browser runs them (innerHTML scripts never run). */
function runScripts(container: HTMLElement) {
  for (const inert of Array.from(container.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(inert.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.text = inert.text;
    inert.replaceWith(script);
  }
}

export interface AdSlotProps {
  /** The administrator's HTML or script for this slot; nothing is rendered when empty. */
  code: string;
  /** Which slot ("ad1"…"ad4"), for styling and tests. */
  slot: string;
  className?: string;
}

/**
 * An advertisement area rendered on the server with the operator's code. Scripts in the
 * server HTML run as the page loads; when the slot appears through client-side navigation
 * (or its code changes), its scripts are re-created so they run too.
 */
export function AdSlot({ code, slot, className }: AdSlotProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  // False while hydrating server HTML (its scripts already ran), true when mounted by the client.
  const isClientMount = useIsHydrated();
  const lastRunCode = useRef<string | null>(isClientMount ? null : code);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || lastRunCode.current === code) return;
    lastRunCode.current = code;
    runScripts(container);
  }, [code]);

  if (code.trim() === '') return null;
  return (
    <aside className={['ad-slot', className].filter(Boolean).join(' ')} aria-label="Advertisement" data-ad-slot={slot}>
      <div ref={containerRef} className="ad-slot-content" dangerouslySetInnerHTML={{ __html: code }} />
    </aside>
  );
}
