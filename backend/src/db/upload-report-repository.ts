import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';

export interface UploadReportRow {
  id: number;
  file_name: string;
  file_size_bytes: number;
  status: string;
  total_rows: number;
  inserted: number;
  updated: number;
  skipped: number;
  error_count: number;
  details: string | null;
  started_at: string;
  finished_at: string | null;
}

/** Reads the import reports the upload calls write. */
export class UploadReportRepository {
  private readonly latest: Statement<[number], UploadReportRow>;

  constructor(db: RecordDatabase) {
    this.latest = db.prepare('SELECT * FROM upload_reports ORDER BY started_at DESC, id DESC LIMIT ?');
  }

  /** Newest first. */
  newest(limit: number): UploadReportRow[] {
    return this.latest.all(limit);
  }
}
