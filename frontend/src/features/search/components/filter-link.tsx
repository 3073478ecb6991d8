import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { toRelativeUrl } from '../search-url.ts';

export interface FilterLinkProps {
  /** Absolute URL from InstantSearch's `createURL`: the link works without JavaScript. */
  url: string;
  role: 'checkbox' | 'radio';
  isChecked: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A filter choice: a real link to the filtered URL (server-rendered, works without JavaScript)
 * that reads and behaves as a checkbox or radio button, Space included, once the page is live.
 */
export function FilterLink({ url, role, isChecked, onSelect, className = '', children }: FilterLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === ' ') {
      event.preventDefault();
      onSelect();
    }
  };
  return (
    <a
      href={toRelativeUrl(url)}
      role={role}
      aria-checked={isChecked}
      className={`filter-link ${isChecked ? 'is-checked' : ''} ${className}`.trim()}
      onClick={handleClick}
      onKeyDown={handleKeyDown}
      rel="nofollow"
    >
      <span className={`filter-link-mark filter-link-mark-${role}`} aria-hidden="true" />
      {children}
    </a>
  );
}
