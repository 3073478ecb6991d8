import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { badRequest } from '../../errors.ts';
import { validate } from '../../middleware/validate.ts';
import { admitted } from '../../middleware/admission.ts';
import { requireEngine } from '../../middleware/engine-availability.ts';
import type { SearchJob } from '../../services/search-answers.ts';
import { SearchCancelled } from '../../services/search-pool.ts';
import type { KeptAnswer, SearchAnswerCache, SearchLookup } from '../../services/search-answer-cache.ts';
import { bodyEncoding } from '../../middleware/compression-settings.ts';
import { rateLimited } from '../../middleware/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { FilterError } from './instantsearch.ts';
import { FacetValuesSchema, MultiSearchSchema, SearchSchema, type FacetValuesReq, type MultiSearchReq, type SearchReq } from './schema.ts';

/**
 * Runs the looked-up job where searches run (a search thread, or this thread), or takes its
 * answer kept meanwhile, and writes its ready JSON. A job whose client leaves before it starts is
 * not run, and nothing is written.
 */
async function answer(ctx: Context, searches: SearchAnswerCache, lookup: SearchLookup): Promise<void> {
  const socket = ctx.req.socket;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  if (socket.destroyed) gone.abort();
  else socket.once('close', onClose);
  let json: string;
  try {
    json = await searches.answerFor(lookup, gone.signal);
  } catch (error) {
    if (error instanceof SearchCancelled) return;
    if (error instanceof FilterError) throw badRequest(`Invalid request. ${error.field}: ${error.message}`, { fields: { [error.field]: [error.message] } });
    throw error;
  } finally {
    socket.off('close', onClose);
  }
  // Now kept (unless nothing is kept): sent with its validator and compressed once.
  const kept = searches.keptFor(lookup);
  if (kept) writeKept(ctx, kept);
  else {
    ctx.type = 'application/json';
    ctx.body = json;
  }
}

/** A kept answer, as the full path would send it, from the copies compressed once. */
function writeKept(ctx: Context, kept: KeptAnswer): void {
  ctx.type = 'application/json';
  ctx.set('ETag', kept.etag);
  ctx.vary('Accept-Encoding');
  const encoding = bodyEncoding(ctx.get('accept-encoding'), kept.json.length);
  if (encoding === 'identity') ctx.body = kept.json;
  else {
    ctx.set('Content-Encoding', encoding);
    ctx.body = kept.encoded(encoding);
  }
}

type JobOf = (ctx: Context) => SearchJob;

/**
 * The job of a validated call (its moment is the request's), looked up once on the index
 * generation and kept on the context; answered here when its answer of that generation is kept
 * or being computed for another visitor: such an answer takes no place in the admission queue.
 */
function keptOrQueued(searches: SearchAnswerCache, jobOf: JobOf): Middleware {
  return async (ctx, next) => {
    const lookup = await searches.look(jobOf(ctx));
    if (lookup.kept) return writeKept(ctx, lookup.kept);
    ctx.state.searchLookup = lookup;
    return next();
  };
}

export function createSearchRouter({ searchAnswers, searchAdmission, engineHealth, rateLimits }: AppDeps): Router {
  const router = new Router();
  // Counted before validation: a loop of bad calls costs as much as one of good ones.
  const burst = rateLimited(rateLimits.search, { id: 'too_many_searches', message: 'Too many searches in a short time. Please wait a few seconds and try again.' });
  // Once the engine answers: a kept answer is sent at once; any other search waits its turn.
  const admit = (jobOf: JobOf) => [requireEngine(engineHealth), keptOrQueued(searchAnswers, jobOf), admitted(searchAdmission)];
  const run = async (ctx: Context) => answer(ctx, searchAnswers, ctx.state.searchLookup as SearchLookup);

  const searchJob: JobOf = (ctx) => ({ kind: 'search', query: (ctx.state.input as SearchReq).query, now: Date.now() });
  router.get('/search', burst, validate(SearchSchema), ...admit(searchJob), run);

  const multiJob: JobOf = (ctx) => ({ kind: 'multi', requests: (ctx.state.input as MultiSearchReq).body.requests, now: Date.now() });
  router.post('/search/multi', burst, validate(MultiSearchSchema), ...admit(multiJob), run);

  const facetValuesJob: JobOf = (ctx) => ({ kind: 'facet-values', body: (ctx.state.input as FacetValuesReq).body, now: Date.now() });
  router.post('/search/facet-values', burst, validate(FacetValuesSchema), ...admit(facetValuesJob), run);

  return router;
}
