/** Animation steps of the home page counters, and the featured cards' name and review formats. */
export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEPS = 50;
export const FEATURED_NAME_LENGTH = 15;

/** The value shown after `step` steps of the count-up (0 before the first, `target` after the last). */
export const counterValueAt = (target: number, step: number, steps = COUNTER_STEPS) => Math.round((target * Math.min(step, steps)) / steps);

/** A featured card's name: at most 15 characters, then an ellipsis. */
export function truncateName(name: string, length = FEATURED_NAME_LENGTH): string {
  return name.length > length ? `${name.slice(0, length).trimEnd()}…` : name;
}

/** A featured card's review count: "99+" above 99. */
export const formatReviewCount = (count: number) => (count > 99 ? '99+' : String(count));
