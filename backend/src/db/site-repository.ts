import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';

export type SettingKey = 'head_tags' | 'facebook_pixel' | 'footer_tags' | 'analytics_code';
export type AdSlot = 'ad1' | 'ad2' | 'ad3' | 'ad4';

/** The operator's contact details as stored: empty text is a detail not set; address and hours keep their line breaks. */
export interface ContactDetailsRecord {
  organisationName: string;
  postalAddress: string;
  supportEmail: string;
  legalEmail: string;
  privacyEmail: string;
  businessHours: string;
  phoneLines: { label: string; number: string }[];
}

interface ContactDetailsRow {
  organisation_name: string;
  postal_address: string;
  support_email: string;
  legal_email: string;
  privacy_email: string;
  business_hours: string;
}

/** SQL for site settings (injected snippets, the operator's contact details) and advertisement codes. */
export class SiteRepository {
  private readonly settings: Statement<[], { key: SettingKey; value: string }>;
  private readonly ads: Statement<[], { slot: AdSlot; code: string }>;
  private readonly saveSetting: Statement<[string, SettingKey]>;
  private readonly saveAd: Statement<[string, AdSlot]>;
  private readonly lastChange: Statement<[], string>;
  private readonly contact: Statement<[], ContactDetailsRow>;
  private readonly phoneLines: Statement<[], { label: string; number: string }>;
  private readonly saveContact: Statement<ContactDetailsRow>;
  private readonly clearPhoneLines: Statement<[]>;
  private readonly addPhoneLine: Statement<[number, string, string]>;

  constructor(private readonly db: RecordDatabase) {
    this.settings = db.prepare('SELECT key, value FROM site_settings');
    this.ads = db.prepare('SELECT slot, code FROM ad_codes');
    this.saveSetting = db.prepare(`UPDATE site_settings SET value = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE key = ?`);
    this.saveAd = db.prepare(`UPDATE ad_codes SET code = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE slot = ?`);
    this.lastChange = db
      .prepare<[], string>(
        `SELECT (SELECT coalesce(max(updated_at), '') || ':' || coalesce(sum(length(value)), 0) FROM site_settings) || '|' ||
                (SELECT coalesce(max(updated_at), '') || ':' || coalesce(sum(length(code)), 0) FROM ad_codes) || '|' ||
                (SELECT coalesce(max(updated_at), '') || ':' ||
                        coalesce(sum(length(organisation_name || postal_address || support_email || legal_email || privacy_email || business_hours)), 0)
                   FROM contact_details) || ':' ||
                (SELECT count(*) || ':' || coalesce(sum(length(label) + length(number)), 0) FROM contact_phone_lines)`,
      )
      .pluck();
    this.contact = db.prepare(
      'SELECT organisation_name, postal_address, support_email, legal_email, privacy_email, business_hours FROM contact_details WHERE id = 1',
    );
    this.phoneLines = db.prepare('SELECT label, number FROM contact_phone_lines ORDER BY position');
    this.saveContact = db.prepare(
      `UPDATE contact_details SET organisation_name = @organisation_name, postal_address = @postal_address, support_email = @support_email,
         legal_email = @legal_email, privacy_email = @privacy_email, business_hours = @business_hours,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = 1`,
    );
    this.clearPhoneLines = db.prepare('DELETE FROM contact_phone_lines');
    this.addPhoneLine = db.prepare('INSERT INTO contact_phone_lines (position, label, number) VALUES (?, ?, ?)');
  }

  /**
   * When the snippets, ad codes and contact details last changed and how long they are (from any process): part of
   * a rendered page's version. Saves stamp `updated_at`; the lengths also catch an edit made with
   * plain SQL that leaves the stamp alone, unless it keeps every length the same.
   */
  contentVersion(): string {
    return this.lastChange.get() ?? '';
  }

  /** Saves the four snippets in one transaction. */
  saveSiteSettings(settings: Record<SettingKey, string>): void {
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(settings) as [SettingKey, string][]) this.saveSetting.run(value, key);
    })();
  }

  /** Saves the four ad codes in one transaction. */
  saveAdvertisementCodes(codes: Record<AdSlot, string>): void {
    this.db.transaction(() => {
      for (const [slot, code] of Object.entries(codes) as [AdSlot, string][]) this.saveAd.run(code, slot);
    })();
  }

  siteSettings(): Record<SettingKey, string> {
    const result: Record<SettingKey, string> = { head_tags: '', facebook_pixel: '', footer_tags: '', analytics_code: '' };
    for (const { key, value } of this.settings.all()) result[key] = value;
    return result;
  }

  advertisementCodes(): Record<AdSlot, string> {
    const result: Record<AdSlot, string> = { ad1: '', ad2: '', ad3: '', ad4: '' };
    for (const { slot, code } of this.ads.all()) result[slot] = code;
    return result;
  }

  /** The operator's contact details (the migration writes the one row, with only the name set). */
  contactDetails(): ContactDetailsRecord {
    const row = this.contact.get();
    if (!row) throw new Error('contact_details has no row: the record was not migrated');
    return {
      organisationName: row.organisation_name,
      postalAddress: row.postal_address,
      supportEmail: row.support_email,
      legalEmail: row.legal_email,
      privacyEmail: row.privacy_email,
      businessHours: row.business_hours,
      phoneLines: this.phoneLines.all(),
    };
  }

  /** Saves the contact details and their phone lines (in order, at most five) in one transaction. */
  saveContactDetails(details: ContactDetailsRecord): void {
    this.db.transaction(() => {
      this.saveContact.run({
        organisation_name: details.organisationName,
        postal_address: details.postalAddress,
        support_email: details.supportEmail,
        legal_email: details.legalEmail,
        privacy_email: details.privacyEmail,
        business_hours: details.businessHours,
      });
      this.clearPhoneLines.run();
      details.phoneLines.forEach((line, index) => this.addPhoneLine.run(index + 1, line.label, line.number));
    })();
  }
}
