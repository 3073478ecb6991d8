import { useEffect, useRef } from 'react';
import { COUNTER_DURATION_MS, COUNTER_STEPS, counterSteps } from '../counters.ts';

export interface AnimatedCounterProps {
  value: number;
  format: (value: number) => string;
  label: string;
}

/**
 * A figure that counts up from 0 in 50 steps over 2 seconds once the page is interactive. The
 * server renders the final value, so visitors without JavaScript (and search engines) see it.
 * Each step writes the digits straight into their element: the count-up runs while the page
 * loads, and a React render of the home page per step (150 for three counters) held the main
 * thread for seconds on a slow phone (Lighthouse's Total Blocking Time).
 */
export function AnimatedCounter({ value, format, label }: AnimatedCounterProps) {
  const digits = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = digits.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches || value === 0) return undefined;
    const steps = counterSteps(value, COUNTER_STEPS);
    let index = 0;
    element.textContent = format(0);
    const timer = window.setInterval(() => {
      element.textContent = format(steps[index] ?? value);
      index += 1;
      if (index >= steps.length) window.clearInterval(timer);
    }, COUNTER_DURATION_MS / COUNTER_STEPS);
    return () => {
      window.clearInterval(timer);
      element.textContent = format(value);
    };
  }, [value, format]);

  return (
    <div className="home-counter">
      <dt className="home-counter-label">{label}</dt>
      <dd className="home-counter-value">
        {/* Screen readers get the final figure once; the counting digits are decoration. */}
        <span className="visually-hidden">{format(value)}</span>
        <span aria-hidden="true" ref={digits}>
          {format(value)}
        </span>
      </dd>
    </div>
  );
}
