/**
 * `npm run backup`: an online, consistent copy of the record into BACKUP_DIR (default
 * DATA_DIR/backups), keeping the newest BACKUP_KEEP copies. Safe while the site serves and
 * imports run. The search index is not copied: it is rebuilt from the record after a restore.
 */
import { backupRecord } from '../data/src/backup.ts';
import { loadBackendConfig } from '../backend/src/config.ts';

const config = loadBackendConfig();
const started = performance.now();
const result = backupRecord(config.recordFile, config.backupDir, config.backupKeep);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Backed up the record to ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds} s.`);
for (const file of result.removed) console.log(`Removed the old backup ${file}.`);
