import { atom } from 'jotai';
import { dismissToast, enqueueToast, removeToast, TOAST_REMOVE_DELAY_MS, type Toast, type ToastInput } from './toast-queue.ts';

/** Every toast not yet removed, oldest first. */
export const toastQueueAtom = atom<Toast[]>([]);

let lastId = 0;

/** Adds a toast to the queue; answers its id. */
export const addToastAtom = atom(null, (_get, set, input: ToastInput): string => {
  lastId += 1;
  const id = String(lastId);
  set(toastQueueAtom, (queue) => enqueueToast(queue, id, input));
  return id;
});

/** Dismisses a toast (all of them without an id), then removes it from the queue after the remove delay. */
export const dismissToastAtom = atom(null, (get, set, id?: string) => {
  const ids = id === undefined ? get(toastQueueAtom).map((toast) => toast.id) : [id];
  set(toastQueueAtom, (queue) => dismissToast(queue, id));
  for (const dismissed of ids) {
    setTimeout(() => set(toastQueueAtom, (queue) => removeToast(queue, dismissed)), TOAST_REMOVE_DELAY_MS);
  }
});
