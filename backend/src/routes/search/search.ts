import Router from '@koa/router';
import type { Context } from 'koa';
import { badRequest } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { admitted } from '../../middleware/admission.ts';
import { requireEngine } from '../../middleware/engine-availability.ts';
import type { SearchJob } from '../../services/search-answers.ts';
import { SearchCancelled, type SearchAnswerer } from '../../services/search-pool.ts';
import { rateLimited } from '../../middleware/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { FilterError } from './instantsearch.ts';
import { FacetValuesSchema, MultiSearchSchema, SearchSchema, type FacetValuesReq, type MultiSearchReq, type SearchReq } from './schema.ts';

/**
 * Runs the job where searches run (a search thread, or this thread) and writes its ready JSON.
 * A job whose client leaves before it starts is not run, and nothing is written.
 */
async function answer(ctx: Context, searches: SearchAnswerer, job: SearchJob): Promise<void> {
  const socket = ctx.req.socket;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  if (socket.destroyed) gone.abort();
  else socket.once('close', onClose);
  let json: string;
  try {
    json = await searches.answer(job, gone.signal);
  } catch (error) {
    if (error instanceof SearchCancelled) return;
    if (error instanceof FilterError) throw badRequest(`Invalid request. ${error.field}: ${error.message}`, { [error.field]: [error.message] });
    throw error;
  } finally {
    socket.off('close', onClose);
  }
  ctx.type = 'application/json';
  ctx.body = json;
}

export function createSearchRouter({ searches, searchAdmission, engineHealth, rateLimits }: AppDeps): Router {
  const router = new Router();
  // Counted before validation: a loop of bad calls costs as much as one of good ones.
  const burst = rateLimited(rateLimits.search, { id: 'too_many_searches', message: 'Too many searches in a short time. Please wait a few seconds and try again.' });
  // Searches are not cached ("open now" depends on the time): each one waits its turn, once the engine answers.
  const admit = [requireEngine(engineHealth), admitted(searchAdmission)];

  router.get('/search', burst, validate(SearchSchema), ...admit, async (ctx) => {
    const { query } = ctx.state.input as SearchReq;
    await answer(ctx, searches, { kind: 'search', query, now: Date.now() });
  });

  router.post('/search/multi', burst, validate(MultiSearchSchema), ...admit, async (ctx) => {
    const { body } = ctx.state.input as MultiSearchReq;
    await answer(ctx, searches, { kind: 'multi', requests: body.requests, now: Date.now() });
  });

  router.post('/search/facet-values', burst, validate(FacetValuesSchema), ...admit, async (ctx) => {
    const { body } = ctx.state.input as FacetValuesReq;
    await answer(ctx, searches, { kind: 'facet-values', body, now: Date.now() });
  });

  return router;
}
