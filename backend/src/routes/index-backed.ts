import type { Middleware } from 'koa';
import { admitted } from '../middleware/admission.ts';
import { indexCached } from '../middleware/index-cached.ts';
import type { AppDeps } from './deps.ts';

/**
 * The middleware of a GET list call answered from the index alone, after `validate()`: a 304 or
 * this index generation's ready answer straight away, otherwise a turn in the admission queue,
 * then a second look (a request queued behind one computing the same answer uses it).
 */
export function indexBacked({ engine, listCache, admission }: Pick<AppDeps, 'engine' | 'listCache' | 'admission'>): Middleware[] {
  const cached = indexCached(listCache, () => engine.generation());
  return [cached, admitted(admission), cached];
}
