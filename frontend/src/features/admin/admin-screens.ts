/** The admin screens of the sidebar, by path: the sidebar lists them, the activity log names a refused request's screen by them. */
export interface AdminScreen {
  to: string;
  label: string;
  icon: string;
  isEnd?: boolean;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { to: '/admin', label: 'Ana Sayfa', icon: '⌂', isEnd: true },
  { to: '/admin/businesses', label: 'İşletme Yönetimi', icon: '▤' },
  { to: '/admin/upload', label: 'Excel Yükleme', icon: '⇪' },
  { to: '/admin/settings', label: 'Site Ayarları', icon: '⚙' },
  { to: '/admin/contact-details', label: 'İletişim Bilgileri', icon: '☎' },
  { to: '/admin/advertisements', label: 'Reklam Yönetimi', icon: '▣' },
  { to: '/admin/reports', label: 'Raporlar', icon: '▥' },
  { to: '/admin/messages', label: 'Mesajlar', icon: '✉' },
  { to: '/admin/activity', label: 'Etkinlik Kaydı', icon: '☰' },
  { to: '/admin/maintenance', label: 'Bakım', icon: '⚠' },
];
