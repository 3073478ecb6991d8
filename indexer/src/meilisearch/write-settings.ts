/** Rewrites the generated settings of meilisearch.json (synonyms, ranking, typo budget) from their one source. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringify from 'json-stringify-pretty-compact';
import { PROJECT_ROOT } from '../config.ts';
import { generatedBusinessSettings } from './meili-settings.ts';

const file = join(PROJECT_ROOT, 'meilisearch.json');
const settings = JSON.parse(readFileSync(file, 'utf8')) as { indexes: { businesses: { settings: Record<string, unknown> } } };
Object.assign(settings.indexes.businesses.settings, generatedBusinessSettings());
// An array or object that fits in 140 characters stays on one line: a regenerated file differs from
// the committed one only where the settings changed.
writeFileSync(file, `${stringify(settings, { maxLength: 140 })}\n`);
console.log(`Wrote ${file}`);
