import { deferredWritesOf } from '@directory/data/record-lock.ts';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { SearchEngine } from '@directory/indexer/engine.ts';
import type { IndexSync } from '@directory/indexer/sync.ts';
import { AdminAccountRepository } from '../db/admin-account-repository.ts';
import { AuditRepository } from '../db/audit-repository.ts';
import { MessageRepository } from '../db/message-repository.ts';
import { ImportReportRepository } from '../db/import-report-repository.ts';
import { VisitorRepository } from '../db/visitor-repository.ts';
import { AdminAccounts } from './admin-accounts.ts';
import { AdminBusinessService } from './admin-businesses.ts';
import { AdminDashboard } from './admin-dashboard.ts';
import { AdminSessions } from './admin-sessions.ts';
import { CacheRegistry } from './cache-registry.ts';
import { LoginThrottle } from './login-throttle.ts';
import { rebuildAuditEntry, ReindexRunner } from './reindex-runner.ts';
import { recordAudit } from './audit-log.ts';
import { VisitorCounter } from './visitor-counter.ts';

/** What the admin area is built from. */
export interface AdminDeps {
  accounts: AdminAccounts;
  sessions: AdminSessions;
  throttle: LoginThrottle;
  audit: AuditRepository;
  businesses: AdminBusinessService;
  messages: MessageRepository;
  dashboard: AdminDashboard;
  visitors: VisitorCounter;
  reindex: ReindexRunner;
  caches: CacheRegistry;
}

/** Wires the admin area over the record; `indexerEnv` is the environment of rebuild processes. */
export function createAdminDeps(record: RecordDatabase, engine: SearchEngine, sync: IndexSync, indexerEnv: NodeJS.ProcessEnv): AdminDeps {
  const accountsRepository = new AdminAccountRepository(record);
  const businesses = new AdminBusinessService(record);
  const messages = new MessageRepository(record);
  const visitors = new VisitorCounter(new VisitorRepository(record), deferredWritesOf(record));
  return {
    accounts: new AdminAccounts(accountsRepository),
    sessions: new AdminSessions(accountsRepository, deferredWritesOf(record)),
    throttle: new LoginThrottle(),
    audit: new AuditRepository(record),
    businesses,
    messages,
    dashboard: new AdminDashboard(record, engine, businesses.repository, messages, new ImportReportRepository(record), visitors),
    visitors,
    // After a rebuild, apply what was written while it ran (and follow the new index); every
    // rebuild's end (whoever started it: an operator, delete-all, an import) goes to the audit log.
    reindex: new ReindexRunner(
      indexerEnv,
      () => sync.poke(),
      (status) => recordAudit(record, rebuildAuditEntry(status)),
    ),
    caches: new CacheRegistry(),
  };
}
