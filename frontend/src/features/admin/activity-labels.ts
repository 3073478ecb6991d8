/**
 * The audit log's action codes (`recordAudit` in the backend) as the activity list names them.
 * A code this list does not know yet shows as it is, so a new action is never hidden.
 */
const ACTION_LABELS: Record<string, string> = {
  login: 'Giriş',
  logout: 'Çıkış',
  'business.approve': 'İşletme onaylandı',
  'business.unapprove': 'İşletme onayı kaldırıldı',
  'business.edit': 'İşletme düzenlendi',
  'business.delete': 'İşletme silindi',
  'business.delete-all': 'Tüm işletmeler silindi',
  'business.bulk-approve': 'İşletmeler toplu onaylandı',
  'business.bulk-unapprove': 'İşletmeler toplu beklemeye alındı',
  'business.bulk-delete': 'İşletmeler toplu silindi',
  'test-data.delete': 'Test verileri silindi',
  'slugs.fix': "URL'ler düzeltildi",
  'site-settings.save': 'Site ayarları kaydedildi',
  'advertisement-codes.save': 'Reklam kodları kaydedildi',
  'contact-details.save': 'İletişim bilgileri kaydedildi',
  'import.file': 'Dosya içe aktarıldı',
  'write.refused': 'İstek reddedildi',
  'cache.clear': 'Önbellek temizlendi',
  'message.update': 'Mesaj güncellendi',
  'message.delete': 'Mesaj silindi',
  'sitemaps.regenerate': 'Sitemap yeniden oluşturuldu',
  'index.rebuild': 'Arama indeksi yeniden oluşturma',
};

/** "test-data.delete" → "Test verileri silindi"; an unknown code as it is. */
export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;
