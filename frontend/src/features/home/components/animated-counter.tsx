import { useEffect, useState } from 'react';
import { COUNTER_DURATION_MS, COUNTER_STEPS, counterSteps } from '../counters.ts';

export interface AnimatedCounterProps {
  value: number;
  format: (value: number) => string;
  label: string;
}

/**
 * A figure that counts up from 0 in 50 steps over 2 seconds once the page is interactive. The
 * server renders the final value, so visitors without JavaScript (and search engines) see it.
 */
export function AnimatedCounter({ value, format, label }: AnimatedCounterProps) {
  const [shown, setShown] = useState(value);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || value === 0) return;
    const steps = counterSteps(value, COUNTER_STEPS);
    let index = 0;
    setShown(0);
    const timer = window.setInterval(() => {
      setShown(steps[index] ?? value);
      index += 1;
      if (index >= steps.length) window.clearInterval(timer);
    }, COUNTER_DURATION_MS / COUNTER_STEPS);
    return () => window.clearInterval(timer);
  }, [value]);

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
