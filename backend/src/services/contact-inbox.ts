import { writeSoon } from '@directory/data/record-lock.ts';
import type { ContactMessageInput, ContactRepository } from '../db/contact-repository.ts';
import { RateLimitedError } from '../errors.ts';
import type { ContactReceipt } from '../shared/api-types.ts';
import type { AddressRateLimit } from './rate-limits.ts';

/** The success and error notices' texts (visitor spec §8). */
export const CONTACT_RECEIVED_TEXT = "Thank you for your message. We'll get back to you within 24 hours.";
export const CONTACT_FAILED_TEXT = 'Failed to send message. Please try again later.';

/** A checked contact message, with the honeypot field (`website`) the form hides from people. */
export interface IncomingContactMessage extends ContactMessageInput {
  website: string;
}

/**
 * Receives contact messages, through the JSON API and the page's own form alike: rate limited
 * per client address, and a filled honeypot field (only a bot sees and fills it) is answered
 * as a success and stored nowhere, so the bot learns nothing.
 */
export class ContactInbox {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly limit: AddressRateLimit,
  ) {}

  async receive(message: IncomingContactMessage, address: string): Promise<ContactReceipt> {
    const verdict = await this.limit.take(address);
    if (!verdict.isAllowed) throw new RateLimitedError('too_many_messages', CONTACT_FAILED_TEXT, verdict.retryAfterSeconds);
    // A dropped message has no row: 0 is an id no stored message has (the client reads none, visitor spec §7).
    if (message.website !== '') return { success: true, id: 0, message: CONTACT_RECEIVED_TEXT };
    const { name, email, company, phone, subject } = message;
    const id = await writeSoon(this.contacts.db, () => this.contacts.create({ name, email, company, phone, subject, message: message.message }));
    return { success: true, id, message: CONTACT_RECEIVED_TEXT };
  }
}
