import type { RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from '@directory/indexer/engine.ts';
import type { IndexSync } from '@directory/indexer/sync.ts';
import type { BusinessRepository } from '../db/business-repository.ts';
import type { ContactRepository } from '../db/contact-repository.ts';
import type { SiteRepository } from '../db/site-repository.ts';
import type { AdminDeps } from '../services/admin-deps.ts';
import type { ContactInbox } from '../services/contact-inbox.ts';
import type { RateLimits } from '../services/rate-limits.ts';
import type { DirectoryService } from '../services/directory-service.ts';
import type { ImportService } from '../services/import-service.ts';
import type { EngineHealth } from '../services/engine-health.ts';
import type { SitemapService } from '../services/sitemap-service.ts';
import type { SearchAnswerer } from '../services/search-pool.ts';
import type { SearchAnswerCache } from '../services/search-answer-cache.ts';
import type { AdmissionQueue } from '../middleware/admission.ts';
import type { ListAnswerCache } from '../middleware/index-cached.ts';
import type { BodyCompressor } from '../middleware/body-compressor.ts';

/** What the route groups are built from. */
export interface AppDeps {
  record: RecordDatabase;
  engine: SearchEngine;
  sync: IndexSync;
  businesses: BusinessRepository;
  contacts: ContactRepository;
  /** Contact messages in: rate limited per address, honeypot dropped. */
  inbox: ContactInbox;
  /** Per-address limits of the public routes (in memory). */
  rateLimits: RateLimits;
  site: SiteRepository;
  directory: DirectoryService;
  sitemaps: SitemapService;
  /** The bounded queue the expensive routes (search, lists, pages) wait in. */
  admission: AdmissionQueue;
  /** Where search calls run: a pool of search threads, or this thread. */
  searches: SearchAnswerer;
  /** What answers search calls: answers kept per index generation, in front of {@link searches}. */
  searchAnswers: SearchAnswerCache;
  /** The bounded queue searches wait in: `admission` in this thread; with search threads, their own, as wide as the threads. */
  searchAdmission: AdmissionQueue;
  /** Ready list answers by index generation. */
  listCache: ListAnswerCache;
  /** Where answers held in memory are compressed: compression threads, or libuv's pool. */
  compressor: BodyCompressor;
  admin: AdminDeps;
  imports: ImportService;
  /** Whether the search engine can be reached (lists answer 503 while it cannot). */
  engineHealth: EngineHealth;
}
