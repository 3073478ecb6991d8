/**
 * The audit log's actions (backend/src/shared/audit-actions.ts) as the activity list names them:
 * an action without its label here does not compile. An entry written by a version with other
 * actions shows its code as it is, so nothing is hidden.
 */
import type { AuditAction } from '@directory/backend/shared/audit-actions.ts';

const ACTION_LABELS = {
  login: 'Giriş',
  logout: 'Çıkış',
  'password.change': 'Şifre değiştirildi',
  'business.approve': 'İşletme onaylandı',
  'business.unapprove': 'İşletme onayı kaldırıldı',
  'business.edit': 'İşletme düzenlendi',
  'business.delete': 'İşletme silindi',
  'business.bulk-approve': 'İşletmeler toplu onaylandı',
  'business.bulk-unapprove': 'İşletmeler toplu beklemeye alındı',
  'business.bulk-delete': 'İşletmeler toplu silindi',
  'business.delete-all': 'Tüm işletmeler silindi',
  'test-data.delete': 'Test verileri silindi',
  'slugs.fix': "URL'ler düzeltildi",
  'index.rebuild': 'Arama indeksi yeniden oluşturma',
  'site-settings.save': 'Site ayarları kaydedildi',
  'advertisement-codes.save': 'Reklam kodları kaydedildi',
  'contact-details.save': 'İletişim bilgileri kaydedildi',
  'cache.clear': 'Önbellek temizlendi',
  'sitemaps.regenerate': 'Sitemap yeniden oluşturuldu',
  'message.update': 'Mesaj güncellendi',
  'message.delete': 'Mesaj silindi',
  'import.file': 'Dosya içe aktarıldı',
  'write.refused': 'İstek reddedildi',
} as const satisfies Record<AuditAction, string>;

const isKnownAction = (action: string): action is AuditAction => Object.hasOwn(ACTION_LABELS, action);

/** "test-data.delete" → "Test verileri silindi"; a code of another version as it is. */
export const actionLabel = (action: string): string => (isKnownAction(action) ? ACTION_LABELS[action] : action);
