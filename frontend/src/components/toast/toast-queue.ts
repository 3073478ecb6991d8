/**
 * The toast queue as pure functions: which toast shows, what dismissing and removing do. The
 * atoms (toast-atoms.ts) hold the queue; the region (toast-region.tsx) renders it.
 */

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  /** `destructive` is read out at once (role=alert); the others politely (role=status). */
  variant?: ToastVariant;
  /** How long it stays on screen, in ms. */
  duration?: number;
}

export interface Toast {
  id: string;
  title: string;
  description: string | null;
  variant: ToastVariant;
  duration: number;
  /** False once dismissed; it stays in the queue until removed. */
  isOpen: boolean;
}

/** The spec's toast constants: one visible at a time, 5000 ms, swipe right past 50 px, F8. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

/**
 * Adds a toast: it shows at once, in place of the one on screen (which is closed, so it never
 * comes back later, out of its moment). The newest word is the one the person is waiting for.
 */
export function enqueueToast(queue: readonly Toast[], id: string, input: ToastInput): Toast[] {
  return [
    ...queue.filter((toast) => toast.isOpen).map((toast) => ({ ...toast, isOpen: false })),
    {
      id,
      title: input.title,
      description: input.description ?? null,
      variant: input.variant ?? 'default',
      duration: input.duration ?? TOAST_DURATION_MS,
      isOpen: true,
    },
  ];
}

/** Closes one toast (or every toast without an id). */
export function dismissToast(queue: readonly Toast[], id?: string): Toast[] {
  return queue.map((toast) => (id === undefined || toast.id === id ? { ...toast, isOpen: false } : toast));
}

/** Takes a dismissed toast out of the queue for good. */
export function removeToast(queue: readonly Toast[], id: string): Toast[] {
  return queue.filter((toast) => toast.id !== id);
}

/** The toasts on screen: the newest TOAST_LIMIT open ones, newest first. */
export function visibleToasts(queue: readonly Toast[]): Toast[] {
  return queue.filter((toast) => toast.isOpen).slice(-TOAST_LIMIT).reverse();
}

/** Whether a horizontal drag of `deltaX` px dismisses a toast: to the right, at least the threshold. */
export function isSwipeDismiss(deltaX: number): boolean {
  return deltaX >= TOAST_SWIPE_THRESHOLD_PX;
}
