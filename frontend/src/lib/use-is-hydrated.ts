import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False on the server and while React adopts server HTML (hydration), true from the render after
 * it and in every component first mounted in the browser. Controls that only work with the page's
 * script can stay disabled until then, so nothing a person does before is lost.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}
