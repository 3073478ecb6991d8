/**
 * `npm run import -- FILE... [--batch-size N] [--dry-run]` (import-command.ts). Visitors first:
 * an import beside a running server yields the CPU to it (background-priority.ts), from before
 * the command's modules load: loading them (the record, the importer, the indexer) took 0.4 s of
 * CPU at the server's priority while the command lowered itself only after them.
 */
import { lowerThisProcess } from '../indexer/src/background-priority.ts';

lowerThisProcess();
await import('./import-command.ts');
