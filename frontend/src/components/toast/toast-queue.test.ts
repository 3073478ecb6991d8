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
  it('shows one toast at a time, the newest in place of the one on screen, with the 5000 ms default', () => {
    let queue = enqueueToast([], 'a', { title: 'Business approval status updated.', variant: 'success' });
    queue = enqueueToast(queue, 'b', { title: 'Business Deleted' });
    expect(titles(visibleToasts(queue))).toEqual(['Business Deleted']);
    expect(queue[queue.length - 1]).toMatchObject({ duration: TOAST_DURATION_MS, variant: 'default', description: null, isOpen: true });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('never brings back a toast a newer one replaced, and keeps the queue short', () => {
    let queue = enqueueToast(enqueueToast([], 'a', { title: 'First' }), 'b', { title: 'Second', duration: 1200 });
    expect(visibleToasts(queue)[0]!.duration).toBe(1200);
    queue = dismissToast(queue, 'b');
    expect(visibleToasts(queue)).toEqual([]);
    queue = enqueueToast(queue, 'c', { title: 'Third' });
    expect(titles(visibleToasts(queue))).toEqual(['Third']);
    expect(queue.length).toBeLessThanOrEqual(2);
    queue = removeToast(queue, 'c');
    expect(titles(queue.filter((toast) => toast.isOpen))).toEqual([]);
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
      store.set(dismissToastAtom, first);
      const second = store.set(addToastAtom, { title: 'Reklam kodları kaydedildi' });
      expect(first).not.toBe(second);
      expect(titles(visibleToasts(store.get(toastQueueAtom)))).toEqual(['Reklam kodları kaydedildi']);
      store.set(dismissToastAtom, second);
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
      expect(titles(store.get(toastQueueAtom))).toEqual(['Reklam kodları kaydedildi']);
      vi.advanceTimersByTime(1);
      expect(store.get(toastQueueAtom)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
