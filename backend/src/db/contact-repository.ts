import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';

export interface ContactMessageInput {
  name: string;
  email: string;
  company: string;
  phone: string;
  subject: string;
  message: string;
}

export interface ContactMessageRow extends ContactMessageInput {
  id: number;
  created_at: string;
}

/** SQL for messages sent through the contact form. */
export class ContactRepository {
  private readonly insert: Statement<[ContactMessageInput]>;
  private readonly byId: Statement<[number], ContactMessageRow>;

  constructor(readonly db: RecordDatabase) {
    this.insert = db.prepare(`INSERT INTO contact_messages (name, email, company, phone, subject, message)
      VALUES (@name, @email, @company, @phone, @subject, @message)`);
    this.byId = db.prepare('SELECT * FROM contact_messages WHERE id = ?');
  }

  create(message: ContactMessageInput): number {
    return Number(this.insert.run(message).lastInsertRowid);
  }

  findById(id: number): ContactMessageRow | undefined {
    return this.byId.get(id);
  }
}
