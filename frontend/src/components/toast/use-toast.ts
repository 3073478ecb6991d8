import { useSetAtom } from 'jotai';
import { addToastAtom, dismissToastAtom } from './toast-atoms.ts';

/** Shows toasts in the nearest <ToastRegion />: `toast({ title, description, variant })`. */
export function useToast() {
  const toast = useSetAtom(addToastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return { toast, dismiss };
}
