import { AsyncLocalStorage } from 'node:async_hooks';

/** What a server render may need to know of the page request it serves. */
export interface PageRequest {
  /** The client's address (`ctx.ip`), for the per-address limits of the calls a route action makes. */
  address: string;
}

const current = new AsyncLocalStorage<PageRequest>();

/** Runs a server render with `request` as the page request its API calls see. */
export function withPageRequest<T>(request: PageRequest, render: () => Promise<T>): Promise<T> {
  return current.run(request, render);
}

/** The page request being rendered; throws outside a render, where no client address exists. */
export function currentPageRequest(): PageRequest {
  const request = current.getStore();
  if (!request) throw new Error('No page request: this call is only made while a page is rendered (withPageRequest).');
  return request;
}
