import { useEffect, useState } from 'react';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { COUNTER_DURATION_MS, COUNTER_STEPS, counterValueAt } from '../counters.ts';

export interface AnimatedCounterProps {
  value: number;
  format: (value: number) => string;
  label: string;
}

/**
 * A figure that counts up from 0 in 50 steps over 2 seconds, only when it appears without having
 * been shown: the browser mounting the home page after a visit to another page. Server HTML (and
 * so a visitor without JavaScript, a search engine, and every first load) shows the final figure,
 * and hydration keeps it: counting up from 0 there would make a number the visitor has read fall.
 * With prefers-reduced-motion, never. A step renders this counter alone, and only after a client
 * navigation, not while the page loads (Lighthouse's Total Blocking Time).
 */
export function AnimatedCounter({ value, format, label }: AnimatedCounterProps) {
  const isClientMount = useIsHydrated();
  // Decided at the first render: false on the server and while React adopts the server's HTML.
  const [isCounting] = useState(() => isClientMount && value > 0 && !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (!isCounting) return undefined;
    let reached = 0;
    const timer = window.setInterval(() => {
      reached += 1;
      setStep(reached);
      if (reached >= COUNTER_STEPS) window.clearInterval(timer);
    }, COUNTER_DURATION_MS / COUNTER_STEPS);
    return () => window.clearInterval(timer);
  }, [isCounting]);

  const shown = isCounting && step < COUNTER_STEPS ? counterValueAt(value, step) : value;
  return (
    <div className="home-counter">
      <dt className="home-counter-label">{label}</dt>
      <dd className="home-counter-value">
        {/* Screen readers get the final figure once; the counting digits are decoration. */}
        <span className="visually-hidden">{format(value)}</span>
        <span aria-hidden="true">{format(shown)}</span>
      </dd>
    </div>
  );
}
