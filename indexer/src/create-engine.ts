import type { IndexerConfig } from './config.ts';
import type { SearchEngine } from './engine.ts';
import { MeilisearchEngine } from './meilisearch/meilisearch-engine.ts';
import { SqliteEngine } from './sqlite/sqlite-engine.ts';

/** The engine the configuration names. */
export function createEngine(config: IndexerConfig): SearchEngine {
  switch (config.engine) {
    case 'sqlite':
      return new SqliteEngine(config.indexDir);
    case 'meilisearch':
      if (!config.meiliUrl) {
        throw new Error('SEARCH_ENGINE=meilisearch needs MEILI_URL (for example http://localhost:7700), and MEILI_KEY when the server has a master key.');
      }
      return new MeilisearchEngine({ url: config.meiliUrl, apiKey: config.meiliKey, timeoutMs: config.meiliTimeoutMs });
  }
}
