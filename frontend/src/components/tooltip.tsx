import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import './tooltip.css';

/** Visitor spec §9: a tooltip shows after 700 ms; within 300 ms of another closing, at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed (ms, performance clock): shared, so moving along a row of tooltips skips the wait. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** How long to wait before showing a tooltip at `now`, given when the last one closed. */
export function getOpenDelay(now: number, closedAt: number): number {
  return now - closedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

export interface TooltipProps {
  /** The text shown, and the description screen readers get (aria-describedby). */
  content: string;
  /** The trigger, given the props that tie it to the tooltip. */
  children: (trigger: { 'aria-describedby': string }) => ReactElement;
  /** Added to the anchor; e.g. to offer the tooltip only where a text is cut short. */
  className?: string;
}

/**
 * A tooltip for an icon-only control or a shortened text: shown on hover and on keyboard focus
 * after the spec's delay, hidden on leaving, on blur and on Escape. Rendered on the server too
 * (hidden), so the description is there before any script runs.
 */
export function Tooltip({ content, children, className = '' }: TooltipProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const delay = getOpenDelay(performance.now(), lastClosedAt);
    if (delay === 0) setIsOpen(true);
    else timer.current = setTimeout(() => setIsOpen(true), delay);
  };

  const hide = () => {
    clearTimeout(timer.current);
    if (isOpen) lastClosedAt = performance.now();
    setIsOpen(false);
  };

  return (
    <span
      className={`tooltip-anchor ${className}`}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {children({ 'aria-describedby': id })}
      <span id={id} role="tooltip" className="tooltip" hidden={!isOpen}>
        {content}
      </span>
    </span>
  );
}
