/**
 * Search answers kept per index generation. Visitors ask the same searches over and over: the
 * instant search sends one per keystroke, so "p", "pi", "piz" of every visitor typing "pizza"
 * are the same few broad prefixes, the costliest searches there are; the /search page asks for
 * the same main query and facets as the previous visitor. A kept answer is the JSON text the
 * engine gave for the same job (the kind and the validated input) on the same index generation,
 * so it is what a new search would answer, byte for byte; any applied change or new index file
 * retires every answer at once. A job that depends on the time ("open now") is kept for its
 * minute only, the granularity the engines evaluate opening hours at.
 *
 * Identical jobs arriving while one runs wait for it instead of running again. Bounded in
 * memory (least recently used answers leave first); a failed job is not kept. With no memory
 * (`SEARCH_CACHE_MB=0`) every job runs, as the benchmark measures the engine.
 */
import type { OfferedEncoding } from '../middleware/compression-settings.ts';
import { ListAnswerCache } from '../middleware/index-cached.ts';
import { SearchCancelled, type SearchAnswerer } from './search-pool.ts';
import type { SearchJob } from './search-answers.ts';

interface Running {
  generation: string;
  answer: Promise<string>;
}

/** A kept answer as the route sends it: the JSON, its validator, and its compressed forms (each made once). */
export interface KeptAnswer {
  json: Buffer;
  etag: string;
  encoded(encoding: Exclude<OfferedEncoding, 'identity'>): Buffer;
}

/** A job, its key, the index generation it was looked up on, and its kept answer if it has one. */
export interface SearchLookup {
  job: SearchJob;
  key: string;
  generation: string | null;
  kept?: KeptAnswer;
}

/** Jobs running at once are a handful (the admission queue's width); this bounds the map if the engine stops answering. */
const MAX_RUNNING = 1_000;

/** The key of a job: its kind and validated input, and the minute when its answer depends on the time. */
export function searchJobKey(job: SearchJob): string {
  const { now, ...input } = job;
  const minute = dependsOnTime(job) ? String(Math.floor(now / 60_000)) : '';
  return `${minute}\n${JSON.stringify(input)}`;
}

/** True when the job filters on "open now" (an `openNow:` facet filter of any value counts, to be safe). */
function dependsOnTime(job: SearchJob): boolean {
  switch (job.kind) {
    case 'search':
      return job.query.openNow === true;
    case 'multi':
      return job.requests.some((request) => (request.params.facetFilters ?? []).flat().some((filter) => filter.trimStart().startsWith('openNow')));
    case 'facet-values':
      return false;
  }
}

export class SearchAnswerCache implements SearchAnswerer {
  /** Answers by key, each with the generation it was computed on and its compressed forms, as the list calls keep theirs. */
  private readonly kept: ListAnswerCache | null;
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly inner: SearchAnswerer,
    private readonly generation: () => Promise<string>,
    options: { maxBytes: number },
  ) {
    this.kept = options.maxBytes > 0 ? new ListAnswerCache({ maxBytes: options.maxBytes }) : null;
  }

  /**
   * The job looked up on the index generation read now: its answer when it is kept, or once it
   * is computed when it is running for another visitor (the generation is null while it cannot
   * be read, the engine down: nothing is kept then).
   */
  async look(job: SearchJob): Promise<SearchLookup> {
    const key = searchJobKey(job);
    if (this.kept === null) return { job, key, generation: null };
    const generation = await this.currentGeneration();
    if (generation === null) return { job, key, generation };
    const running = this.running.get(key);
    if (running?.generation === generation) await running.answer.catch(() => undefined);
    return { job, key, generation, kept: this.keptAnswer(key, generation) };
  }

  /**
   * The looked-up job's answer for its generation: kept meanwhile (by a visitor ahead in the
   * queue), another visitor's running job, or computed now (and kept).
   */
  async answerFor(lookup: SearchLookup, signal?: AbortSignal): Promise<string> {
    const { job, key, generation } = lookup;
    if (this.kept === null || generation === null) return this.inner.answer(job, signal);
    const kept = this.kept.get(key, generation);
    if (kept !== undefined) return kept.toString();
    const running = this.running.get(key);
    if (running?.generation === generation) {
      try {
        return await running.answer;
      } catch (error) {
        // That visitor left before their job ran: this one is still here, so it runs.
        if (!(error instanceof SearchCancelled)) throw error;
      }
    }
    return this.run(key, generation, job, signal);
  }

  /** The looked-up job's kept answer for its generation, if there is one now (after {@link answerFor}). */
  keptFor(lookup: SearchLookup): KeptAnswer | undefined {
    return this.kept === null || lookup.generation === null ? undefined : this.keptAnswer(lookup.key, lookup.generation);
  }

  /** The job's answer: kept, another visitor's running job of the same generation, or computed now. */
  async answer(job: SearchJob, signal?: AbortSignal): Promise<string> {
    const lookup = await this.look(job);
    return lookup.kept ? lookup.kept.json.toString() : this.answerFor(lookup, signal);
  }

  private keptAnswer(key: string, generation: string): KeptAnswer | undefined {
    const kept = this.kept!;
    const answer = kept.answer(key, generation);
    if (answer === undefined) return undefined;
    return { json: answer.json, etag: kept.etagOf(key, generation), encoded: (encoding) => kept.encode(key, answer, encoding) };
  }

  private run(key: string, generation: string, job: SearchJob, signal: AbortSignal | undefined): Promise<string> {
    const computed = this.inner.answerOnFile ? this.inner.answerOnFile(job, signal) : this.inner.answer(job, signal).then((json) => ({ json, isLive: true }));
    const answer = computed.then(({ json }) => json);
    if (this.running.size < MAX_RUNNING) {
      const entry = { generation, answer };
      this.running.set(key, entry);
      const settled = () => {
        if (this.running.get(key) === entry) this.running.delete(key);
      };
      computed.then(({ json, isLive }) => {
        settled();
        // An answer from the file before a rebuild's (a search thread not yet moved) is not the new file's.
        if (isLive) this.kept?.set(key, generation, Buffer.from(json));
      }, settled);
    }
    return answer;
  }

  private async currentGeneration(): Promise<string | null> {
    try {
      return await this.generation();
    } catch {
      return null;
    }
  }

  /** Forgets every kept answer, and the validators handed out ("clear cache" in the admin area). */
  clear(): void {
    this.kept?.clear();
  }

  /** Answers kept now. */
  get size(): number {
    return this.kept?.size ?? 0;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
