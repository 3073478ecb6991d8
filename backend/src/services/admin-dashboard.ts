import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RecordDatabase } from '@directory/data/record.ts';
import { countryName } from '@directory/data/countries.ts';
import type { SearchEngine } from '@directory/indexer/engine.ts';
import { isEngineUnavailable } from '@directory/indexer/engine-availability.ts';
import type { AdminBusinessRepository } from '../db/admin-business-repository.ts';
import type { MessageRepository } from '../db/message-repository.ts';
import type { ImportReportRepository } from '../db/import-report-repository.ts';
import { presentUploadReport } from '../presenters/upload-report.ts';
import type { AdminReports, AdminStats } from '../shared/admin-types.ts';
import type { VisitorCounter } from './visitor-counter.ts';

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

function fileBytes(file: string): number {
  try {
    return statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** Bytes of every file under `dir` (0 when it does not exist). */
function directoryBytes(dir: string): number {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  return entries.reduce((sum, entry) => {
    const path = join(entry.parentPath, entry.name);
    return sum + (entry.isDirectory() ? directoryBytes(path) : fileBytes(path));
  }, 0);
}

/** The dashboard's and the reports' figures, all read from the record, the index and the process. */
export class AdminDashboard {
  constructor(
    private readonly db: RecordDatabase,
    private readonly engine: SearchEngine,
    private readonly businesses: AdminBusinessRepository,
    private readonly messages: MessageRepository,
    private readonly uploads: ImportReportRepository,
    private readonly visitors: VisitorCounter,
  ) {}

  /**
   * The index's position; while the engine cannot be reached, the position it last registered in
   * the record (the dashboard keeps working from SQLite).
   */
  private async appliedSeq(): Promise<number> {
    try {
      return await this.engine.appliedSeq();
    } catch (error) {
      if (!isEngineUnavailable(error)) throw error;
      const registered = this.db.prepare('SELECT applied_seq FROM index_consumers WHERE name = ?').pluck().get(this.engine.indexId);
      return (registered as number | undefined) ?? 0;
    }
  }

  /**
   * The categories, countries and cities visitors see (the index's totals); while the engine
   * cannot be reached, the record's distinct values, which count a category spelled two ways twice.
   */
  private async siteTotals(): Promise<Pick<AdminStats, 'totalCategories' | 'totalCountries' | 'totalCities' | 'siteFigures'>> {
    try {
      const totals = await this.engine.totals();
      return { totalCategories: totals.categoryCount, totalCountries: totals.countryCount, totalCities: totals.cityCount, siteFigures: 'index' };
    } catch (error) {
      if (!isEngineUnavailable(error)) throw error;
      return {
        totalCategories: this.businesses.distinctCount('category'),
        totalCountries: this.businesses.distinctCount('country'),
        totalCities: this.businesses.distinctCount('city'),
        siteFigures: 'record',
      };
    }
  }

  async stats(): Promise<AdminStats> {
    const total = this.businesses.count('all');
    // Both ask the engine: at once, so an engine that does not answer is waited for once.
    const [appliedSeq, site] = await Promise.all([this.appliedSeq(), this.siteTotals()]);
    const lag = this.db
      .prepare('SELECT count(*) AS pending, min(changed_at) AS oldest FROM change_log WHERE seq > ?')
      .get(Math.max(appliedSeq, 0)) as { pending: number; oldest: string | null };
    const recordFile = this.db.name;
    const days = this.visitors.lastDays(30);
    return {
      totalBusinesses: total,
      approvedBusinesses: this.businesses.count('approved'),
      testBusinesses: this.businesses.count('demo'),
      ...site,
      categoryNames: this.businesses.distinctCount('category'),
      unreadMessages: this.messages.unreadCount(),
      categories: this.businesses.topValues('category', 8).map(({ value, n }) => ({ category: value, count: n, share: share(n, total) })),
      system: {
        recordBytes: fileBytes(recordFile) + fileBytes(`${recordFile}-wal`) + fileBytes(`${recordFile}-shm`),
        // The embedded engine's files live in the data directory's index/; Meilisearch keeps its own.
        indexBytes: directoryBytes(join(dirname(recordFile), 'index')),
        engine: this.engine.name,
        indexLag: {
          pendingChanges: lag.pending,
          oldestPendingSeconds: lag.oldest === null ? null : Math.max(0, Math.round((Date.now() - Date.parse(lag.oldest)) / 1000)),
        },
        memoryRssBytes: process.memoryUsage.rss(),
        uptimeSeconds: Math.round(process.uptime()),
      },
      visitors: { today: days[days.length - 1]!.count, days },
    };
  }

  /** The newest import reports, newest first. */
  uploadReports(limit: number) {
    return this.uploads.newest(limit);
  }

  reports(): AdminReports {
    const total = this.businesses.count('all');
    const missing = this.businesses.missingFields();
    const asShare = (count: number) => ({ count, share: share(count, total) });
    return {
      byCountry: this.businesses.topValues('country', 300).map(({ value, n }) => ({ code: value, name: countryName(value), count: n })),
      byCategory: this.businesses.topValues('category', 50).map(({ value, n }) => ({ category: value, count: n })),
      missing: {
        phone: asShare(missing.phone),
        coordinates: asShare(missing.coordinates),
        hours: asShare(missing.hours),
        photo: asShare(missing.photo),
      },
      notApproved: total - this.businesses.count('approved'),
      total,
      imports: this.uploads.newest(50).map(presentUploadReport),
    };
  }
}
