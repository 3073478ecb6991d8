/**
 * Every admin screen's names of the fields it sends, in one place: the screen shows them (as a
 * box's label, or in a refusal's words), and the activity log names a refused write's field by
 * the table of the screen the request came from (activity-target.ts), so both read the same
 * words. A key no table holds reads as it is (admin-error-text.ts `fieldLabel`).
 */
import type { AdminAdvertisementCodes, AdminBusinessEdit, AdminSiteSettings } from '@directory/backend/shared/admin-types.ts';
import type { FieldLabels } from './api/admin-error-text.ts';

/** The edit form's names of its fields (PUT /api/admin/businesses/:id). */
export const BUSINESS_FIELD_LABELS = {
  name: 'Ad',
  category: 'Kategori',
  type: 'Tür',
  phone: 'Telefon',
  url: 'Web sitesi',
  photo: 'Fotoğraf URL',
  logo: 'Logo URL',
  about: 'Hakkında',
  fullAddress: 'Tam adres',
  street: 'Sokak',
  city: 'Şehir',
  postalCode: 'Posta kodu',
  country: 'Ülke',
  countryCode: 'Ülke kodu',
  latitude: 'Enlem',
  longitude: 'Boylam',
  locatedIn: 'Bulunduğu yer (ör. AVM)',
  rating: 'Puan (0–5)',
  reviews: 'Yorum sayısı',
  reviewsLink: 'Yorumlar bağlantısı',
  workingHours: 'Çalışma saatleri',
  verified: 'Doğrulanmış (verified)',
  isApproved: 'Onaylı (approved)',
  status: 'Geçici olarak kapalı',
} as const satisfies Record<keyof AdminBusinessEdit, string>;

/** The days as the edit form names them; the record keeps the English keys. */
export const DAY_LABELS = {
  Monday: 'Pazartesi',
  Tuesday: 'Salı',
  Wednesday: 'Çarşamba',
  Thursday: 'Perşembe',
  Friday: 'Cuma',
  Saturday: 'Cumartesi',
  Sunday: 'Pazar',
} as const;

/** The edit form's labels, with each day's hours as a refusal names them ("Çalışma saatleri, Pazartesi"). */
export const BUSINESS_FORM_LABELS: FieldLabels = {
  ...BUSINESS_FIELD_LABELS,
  ...Object.fromEntries(Object.entries(DAY_LABELS).map(([day, label]) => [`workingHours.${day}`, `${BUSINESS_FIELD_LABELS.workingHours}, ${label}`])),
};

/** The contact details form's names (`#`: a phone line's number from 1). */
export const CONTACT_FIELD_LABELS = {
  organisationName: 'Kuruluş adı',
  addressLines: 'Posta adresi',
  supportEmail: 'Destek e-postası',
  legalEmail: 'Hukuk e-postası',
  privacyEmail: 'Gizlilik e-postası',
  phoneLines: 'Telefon hatları',
  'phoneLines.#.label': '#. hat açıklaması',
  'phoneLines.#.number': '#. hat numarası',
  businessHours: 'Saat satırları',
} as const satisfies FieldLabels;

/** The site settings screen's code boxes. */
export const SETTINGS_FIELD_LABELS = {
  head_tags: 'Head Etiketleri',
  facebook_pixel: 'Body Etiketleri (Facebook Pixel)',
  footer_tags: 'Footer Etiketleri',
  analytics_code: 'Analytics Kodu',
} as const satisfies Record<keyof AdminSiteSettings, string>;

/** The advertisements screen's areas. */
export const AD_FIELD_LABELS = {
  ad1: 'Reklam Alanı 1 (ad1)',
  ad2: 'Reklam Alanı 2 (ad2)',
  ad3: 'Reklam Alanı 3 (ad3)',
  ad4: 'Reklam Alanı 4 (ad4)',
} as const satisfies Record<keyof AdminAdvertisementCodes, string>;

/** The upload screen's names of what it sends. */
export const UPLOAD_FIELD_LABELS = {
  file: 'Dosyalar',
  batchSize: 'Grup boyutu',
  dryRun: 'Deneme',
  fileIndex: 'Dosya sırası',
  totalFiles: 'Dosya sayısı',
} as const satisfies FieldLabels;

/** The export dialog's name of each parameter the server may refuse (`fields` by GET, `selectedFields` by POST). */
export const EXPORT_FIELD_LABELS = {
  format: 'Dosya biçimi',
  fields: 'Alanlar',
  selectedFields: 'Alanlar',
  countryCode: 'Ülke kodu',
  categories: 'Kategoriler',
  dateRange: 'Tarih aralığı',
  startDate: 'Başlangıç',
  endDate: 'Bitiş',
} as const satisfies FieldLabels;

/** The business list's bulk actions (`#`: a selected business's place from 1). */
export const BULK_FIELD_LABELS = {
  action: 'Toplu işlem',
  ids: 'Seçilen işletmeler',
  'ids.#': '#. seçilen işletme',
} as const satisfies FieldLabels;

/** The business list's parameters (its search box, category, sorting and pages). */
export const BUSINESS_LIST_LABELS = {
  filter: 'Arama', category: 'Kategori', page: 'Sayfa', limit: 'Sayfa boyutu', sortBy: 'Sıralama', sortOrder: 'Sıra', after: 'Sayfa', before: 'Sayfa',
} as const satisfies FieldLabels;

/** The messages screen's marks, as its badges and buttons name them. */
export const MESSAGE_FIELD_LABELS = { isRead: 'Okundu işareti', isHandled: 'İşlendi işareti' } as const satisfies FieldLabels;

/** The login form's two fields. */
export const LOGIN_FIELD_LABELS = { username: 'Kullanıcı adı', password: 'Şifre' } as const satisfies FieldLabels;
