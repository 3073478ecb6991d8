import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';
import type { ContactMessageRow } from './contact-repository.ts';

export interface InboxRow extends ContactMessageRow {
  is_read: 0 | 1;
  is_handled: 0 | 1;
}

export type InboxStatus = 'all' | 'unread' | 'handled';

const WHERE: Record<InboxStatus, string> = { all: '', unread: 'WHERE is_read = 0', handled: 'WHERE is_handled = 1' };

/** SQL of the admin inbox over the contact messages. */
export class MessageRepository {
  private readonly byId: Statement<[number], InboxRow>;
  private readonly remove: Statement<[number]>;
  private readonly unread: Statement<[], number>;
  private readonly kept: Statement<[string], number>;

  constructor(private readonly db: RecordDatabase) {
    this.byId = db.prepare('SELECT * FROM contact_messages WHERE id = ?');
    this.remove = db.prepare('DELETE FROM contact_messages WHERE id = ?');
    this.unread = db.prepare('SELECT count(*) FROM contact_messages WHERE is_read = 0').pluck() as Statement<[], number>;
    this.kept = db.prepare('SELECT id FROM contact_messages WHERE id IN (SELECT value FROM json_each(?))').pluck() as Statement<[string], number>;
  }

  /** Which of `ids` are messages still kept (one query for a page of the activity list). */
  existing(ids: readonly number[]): Set<number> {
    return new Set(ids.length === 0 ? [] : this.kept.all(JSON.stringify(ids)));
  }

  /** Newest first. */
  list(status: InboxStatus, limit: number, offset: number): { rows: InboxRow[]; total: number } {
    const rows = this.db.prepare(`SELECT * FROM contact_messages ${WHERE[status]} ORDER BY id DESC LIMIT ? OFFSET ?`).all(limit, offset) as InboxRow[];
    const total = this.db.prepare(`SELECT count(*) FROM contact_messages ${WHERE[status]}`).pluck().get() as number;
    return { rows, total };
  }

  unreadCount(): number {
    return this.unread.get()!;
  }

  findById(id: number): InboxRow | undefined {
    return this.byId.get(id);
  }

  /** Sets the given flags; the message after the change, or undefined when it is gone. */
  setFlags(id: number, flags: { isRead?: boolean; isHandled?: boolean }): InboxRow | undefined {
    const sets = [
      flags.isRead !== undefined ? `is_read = ${flags.isRead ? 1 : 0}` : null,
      flags.isHandled !== undefined ? `is_handled = ${flags.isHandled ? 1 : 0}` : null,
    ].filter(Boolean);
    if (sets.length > 0) this.db.prepare(`UPDATE contact_messages SET ${sets.join(', ')} WHERE id = ?`).run(id);
    return this.byId.get(id);
  }

  deleteById(id: number): boolean {
    return this.remove.run(id).changes === 1;
  }
}
