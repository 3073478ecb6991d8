import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import {
  dismissToast,
  enqueueToast,
  isSwipeDismiss,
  removeToast,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  visibleToasts,
  type Toast,
} from './toast-queue.ts';
import { addToastAtom, dismissToastAtom, toastQueueAtom } from './toast-atoms.ts';

const titles = (toasts: Toast[]) => toasts.map((toast) => toast.title);

describe('the toast queue', () => {
  it('shows one toast at a time, the oldest first, with the 5000 ms default', () => {
    let queue = enqueueToast([], 'a', { title: 'Business Deleted' });
    queue = enqueueToast(queue, 'b', { title: 'Business approval status updated.', variant: 'success' });
    expect(titles(visibleToasts(queue))).toEqual(['Business Deleted']);
    expect(queue[0]).toMatchObject({ duration: TOAST_DURATION_MS, variant: 'default', description: null, isOpen: true });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('shows the next toast once the visible one is dismissed, and keeps the dismissed one until removed', () => {
    let queue = enqueueToast(enqueueToast([], 'a', { title: 'First' }), 'b', { title: 'Second', duration: 1200 });
    queue = dismissToast(queue, 'a');
    expect(titles(visibleToasts(queue))).toEqual(['Second']);
    expect(visibleToasts(queue)[0]!.duration).toBe(1200);
    expect(queue).toHaveLength(2);
    queue = removeToast(queue, 'a');
    expect(titles(queue)).toEqual(['Second']);
  });

  it('dismisses every toast when no id is given', () => {
    const queue = dismissToast(enqueueToast(enqueueToast([], 'a', { title: 'First' }), 'b', { title: 'Second' }));
    expect(visibleToasts(queue)).toEqual([]);
  });

  it('dismisses on a swipe to the right of at least 50 px only', () => {
    expect(isSwipeDismiss(49)).toBe(false);
    expect(isSwipeDismiss(50)).toBe(true);
    expect(isSwipeDismiss(-120)).toBe(false);
  });
});

describe('the toast atoms', () => {
  it('queue toasts with fresh ids and remove a dismissed one after 1,000,000 ms', () => {
    vi.useFakeTimers();
    try {
      const store = createStore();
      const first = store.set(addToastAtom, { title: 'Test verileri silinemedi', variant: 'destructive' });
      const second = store.set(addToastAtom, { title: 'Reklam kodları kaydedildi' });
      expect(first).not.toBe(second);
      store.set(dismissToastAtom, first);
      expect(titles(visibleToasts(store.get(toastQueueAtom)))).toEqual(['Reklam kodları kaydedildi']);
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
      expect(store.get(toastQueueAtom)).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(titles(store.get(toastQueueAtom))).toEqual(['Reklam kodları kaydedildi']);
    } finally {
      vi.useRealTimers();
    }
  });
});
