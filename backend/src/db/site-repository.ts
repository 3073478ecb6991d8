import type { Statement } from 'better-sqlite3';
import type { RecordDatabase } from '@directory/data/record.ts';

export type SettingKey = 'head_tags' | 'facebook_pixel' | 'footer_tags' | 'analytics_code';
export type AdSlot = 'ad1' | 'ad2' | 'ad3' | 'ad4';

/** SQL for site settings (injected snippets) and advertisement codes. */
export class SiteRepository {
  private readonly settings: Statement<[], { key: SettingKey; value: string }>;
  private readonly ads: Statement<[], { slot: AdSlot; code: string }>;
  private readonly saveSetting: Statement<[string, SettingKey]>;
  private readonly saveAd: Statement<[string, AdSlot]>;
  private readonly lastChange: Statement<[], string>;

  constructor(private readonly db: RecordDatabase) {
    this.settings = db.prepare('SELECT key, value FROM site_settings');
    this.ads = db.prepare('SELECT slot, code FROM ad_codes');
    this.saveSetting = db.prepare(`UPDATE site_settings SET value = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE key = ?`);
    this.saveAd = db.prepare(`UPDATE ad_codes SET code = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE slot = ?`);
    this.lastChange = db
      .prepare<[], string>(
        `SELECT (SELECT coalesce(max(updated_at), '') || ':' || coalesce(sum(length(value)), 0) FROM site_settings) || '|' ||
                (SELECT coalesce(max(updated_at), '') || ':' || coalesce(sum(length(code)), 0) FROM ad_codes)`,
      )
      .pluck();
  }

  /**
   * When the snippets and ad codes last changed and how long they are (from any process): part of
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
}
