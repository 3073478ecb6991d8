/**
 * "Temporarily closed" in warning colours: a business whose Google listing says CLOSED_TEMPORARILY
 * (or an operator marked so). On its page, in place of the Open/Closed badge; on its cards.
 */
export function TemporarilyClosedBadge({ className }: { className?: string }) {
  return <span className={className ? `closure-badge ${className}` : 'closure-badge'}>Temporarily closed</span>;
}
