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

  constructor(private readonly db: RecordDatabase) {
    this.settings = db.prepare('SELECT key, value FROM site_settings');
    this.ads = db.prepare('SELECT slot, code FROM ad_codes');
    this.saveSetting = db.prepare(`UPDATE site_settings SET value = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE key = ?`);
    this.saveAd = db.prepare(`UPDATE ad_codes SET code = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE slot = ?`);
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
