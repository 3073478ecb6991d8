import type { Middleware } from 'koa';
import { admitted } from '../middleware/admission.ts';
import { indexCached } from '../middleware/index-cached.ts';
import { requireEngine } from '../middleware/engine-availability.ts';
import type { AppDeps } from './deps.ts';

/**
 * The middleware of a GET list call answered from the index alone, after `validate()`: a 503 while
 * the engine cannot be reached; a 304 or
 * this index generation's ready answer straight away, otherwise a turn in the admission queue,
 * then a second look (a request queued behind one computing the same answer uses it).
 */
export function indexBacked({
  engine,
  listCache,
  admission,
  engineHealth,
}: Pick<AppDeps, 'engine' | 'listCache' | 'admission' | 'engineHealth'>): Middleware[] {
  const cached = indexCached(listCache, () => engine.generation());
  return [requireEngine(engineHealth), cached, admitted(admission), cached];
}
