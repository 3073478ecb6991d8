import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getApiClient, httpApiClient, setApiClient } from '../../lib/api-client.ts';
import { render, type RenderResult } from '../../app/entry-server.tsx';
import { createFakeAdminApi, type FakeAdminOptions } from './testing/fake-admin-api.ts';

const original = getApiClient();
let fake: ReturnType<typeof createFakeAdminApi>;

function useFake(options: FakeAdminOptions = {}) {
  fake = createFakeAdminApi(options);
  setApiClient({ ...httpApiClient, admin: fake.admin });
}

const COOKIE = 'sid=session-fixture';
const renderPage = (path: string) => render(new Request(`http://localhost${path}`, { headers: { cookie: COOKIE } }));

function page(result: RenderResult): { status: number; head: string; html: string } {
  if (result.kind !== 'page') throw new Error(`expected a page, got a ${result.status} redirect to ${result.location}`);
  return result;
}

/** What the operator reads: the rendered HTML without tags. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ');

beforeEach(() => useFake());
afterAll(() => setApiClient(original));

describe('admin pages rendered on the server', () => {
  it('renders the dashboard with the real figures, through calls that carry the request cookie', async () => {
    const { status, head, html } = page(await renderPage('/admin'));
    expect(status).toBe(200);
    expect(head).toContain('<meta name="robots" content="noindex"');
    expect(head).toContain('<title>Ana Sayfa | Yönetim Paneli</title>');
    const body = text(html);
    expect(body).toContain('Toplam İşletme 12.480');
    expect(body).toContain('Onaylı İşletme 9.312 Toplamın %74,6');
    expect(body).toContain('Bugünkü Ziyaretçi');
    expect(body).toContain('Restaurant');
    expect(body).toContain('istanbul-restaurants.xlsx');
    expect(html).toMatch(/class="admin-activity admin-activity-error"/);
    // The public top navigation is not on admin pages; the admin sidebar is.
    expect(html).not.toContain('aria-label="Main"');
    for (const label of ['Ana Sayfa', 'İşletme Yönetimi', 'Excel Yükleme', 'Site Ayarları', 'Reklam Yönetimi', 'Raporlar', 'Mesajlar', 'Bakım', 'Ana siteye dön', 'Çıkış Yap']) {
      expect(body).toContain(label);
    }
    // The activity log has its own place in the sidebar, not only the dashboard's "Tüm kayıt".
    expect(html).toMatch(/<nav aria-label="Yönetim">[\s\S]*<a[^>]*href="\/admin\/activity"[^>]*>[\s\S]*?Etkinlik Kaydı[\s\S]*<\/nav>/);
    expect(fake.calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/admin/session', '/api/admin/stats', '/api/admin/upload-reports']));
    expect(fake.calls.every((call) => call.cookie === COOKIE)).toBe(true);
  });

  it('counts the categories, countries and cities visitors see, and says when the record names more categories', async () => {
    expect(text(page(await renderPage('/admin')).html)).toContain('Sitedeki Kategori 428 Sitedeki Ülke 47 Sitedeki Şehir 1.893 Okunmamış');
    useFake({ stats: { totalCategories: 490, categoryNames: 491 } });
    expect(text(page(await renderPage('/admin')).html)).toContain('Sitedeki Kategori 490 Kayıtta 491 farklı ad');
    useFake({ stats: { totalCategories: 491, siteFigures: 'record' } });
    expect(text(page(await renderPage('/admin')).html)).toContain('Sitedeki Kategori 491 Arama dizinine ulaşılamadı: kayıttaki sayı');
  });

  it('sends the list state of the URL to the server and shows the spec row styles', async () => {
    const { html } = page(await renderPage('/admin/businesses?filter=kebap&sortBy=rating&sortOrder=asc'));
    const listCall = fake.calls.find((call) => call.path.startsWith('/api/admin/businesses'));
    expect(Object.fromEntries(new URL(listCall!.path, 'http://x').searchParams)).toEqual({
      page: '1',
      limit: '20',
      filter: 'kebap',
      category: 'all',
      sortBy: 'rating',
      sortOrder: 'asc',
    });
    const body = text(html);
    expect(body).toContain('1 / 1 işletme gösteriliyor');
    expect(body).not.toContain('Showing');
    expect(html).toMatch(/<tr class="admin-row approved">.*Kebapçı Mehmet.*>Onaylı</s);
    // Every row's actions are Turkish, like the rest of the area (the spec's 'Approve' / 'Edit' / 'Delete' were English).
    for (const word of ['Approve', 'Edit', 'Delete']) expect(body).not.toMatch(new RegExp(`\\b${word}\\b`));
    expect(body).toMatch(/Kebapçı Mehmet .* Onaylı Düzenle Sil/);
    // The category filter is a combobox, its list closed until the operator opens it; each row can be selected.
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*aria-expanded="false"[^>]*placeholder="Tüm kategoriler"/);
    expect(html).toMatch(/<input type="checkbox"[^>]*aria-label="Seç: Kebapçı Mehmet"/);
    expect(body).toContain('Bu sayfadakilerin tümünü seç Seçili işletme yok');
  });

  it('shows the empty text when nothing matches', async () => {
    const { html } = page(await renderPage('/admin/businesses?filter=nothing-like-this'));
    expect(text(html)).toContain('İşletme bulunamadı');
  });

  it('sends an operator without a session to the login page, coming back to the same URL', async () => {
    useFake({ isSignedOut: true });
    const result = await renderPage('/admin/businesses?page=2');
    expect(result).toMatchObject({ kind: 'redirect', status: 302, location: '/admin/login?next=%2Fadmin%2Fbusinesses%3Fpage%3D2' });
  });

  it('renders the login form, its submit disabled until both fields are filled', async () => {
    useFake({ isSignedOut: true });
    const { status, head, html } = page(await renderPage('/admin/login?next=/admin/reports'));
    expect(status).toBe(200);
    expect(head).toContain('noindex');
    expect(text(html)).toContain('Yönetici Girişi');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Giriş Yap<\/button>/);
  });

  it("shows a past import's failure reason and links its error CSV, in the history and on the dashboard", async () => {
    const history = page(await renderPage('/admin/reports')).html;
    expect(text(history)).toContain('Başarısız Dosya boş: başlık satırı bulunamadı.');
    expect(text(history)).not.toContain('no header row');
    // A report stored before reasons had codes shows its English words, marked as English.
    expect(history).toMatch(/<p class="admin-report-message" lang="en">Interrupted after 1200 rows/);
    const csvLink = /<a href="\/api\/admin\/upload-reports\/1\/errors\.csv" download="" aria-label="Hatalı ve atlanan satırlar \(CSV\): istanbul-restaurants\.xlsx">/;
    expect(history).toMatch(csvLink);
    // A report with no error or skipped row has nothing to download.
    expect(history).not.toContain('upload-reports/2/errors.csv');
    expect(page(await renderPage('/admin')).html).toMatch(csvLink);
  });

  it('says updates of the record apart from in-file repeats in the history and on the dashboard, as the report card does', async () => {
    const history = page(await renderPage('/admin/reports')).html;
    const cell = (label: string, value: string) => new RegExp(`<td data-label="${label}" class="admin-num"[^>]*>${value}</td>`);
    expect(history).toMatch(cell('Güncellenen', '5\\.300'));
    expect(history).toMatch(cell('Dosyada tekrar eden', '120'));
    // A report that did not count its repeats apart says so, and no longer sums them with the updates.
    expect(history).toMatch(/<td data-label="Dosyada tekrar eden" class="admin-num" title="Bu rapor tekrar eden satırları ayrı saymadı[^"]*">—<\/td>/);
    expect(history).not.toContain('Yinelenen');
    const dashboard = text(page(await renderPage('/admin')).html);
    expect(dashboard).toMatch(/Güncellenen ?5\.300 \(%22,1\)/);
    expect(dashboard).toMatch(/Dosyada tekrar eden ?120/);
  });

  it('marks dry runs as such in the history and on the dashboard, and only them', async () => {
    for (const path of ['/admin/reports', '/admin']) {
      const body = text(page(await renderPage(path)).html);
      expect(body, path).toMatch(/trial\.xlsx .*deneme \(yazılmadı\)/);
      expect(body.match(/deneme \(yazılmadı\)/g), path).toHaveLength(1);
    }
  });

  it("stops the edit form's and settings' fields at the server's lengths", async () => {
    const { html } = page(await renderPage('/admin/businesses/1'));
    expect(html).toMatch(/<input id="field-name"[^>]*maxLength="300"/);
    expect(html).toMatch(/<input id="field-phone"[^>]*maxLength="60"/);
    expect(html).toMatch(/<textarea id="field-about"[^>]*maxLength="20000"/);
    expect(html).toMatch(/<input id="hours-Monday"[^>]*maxLength="200"/);
    expect(page(await renderPage('/admin/settings')).html).toMatch(/<textarea id="setting-head_tags"[^>]*maxLength="200000"/);
  });

  it('shows every field of the full read in the edit form, with its value and the server\'s length', async () => {
    const { html } = page(await renderPage('/admin/businesses/1'));
    for (const [id, label, value, maxLength] of [
      ['field-fullAddress', 'Tam adres', '1 Rue Mercière, 69002 Lyon, France', 500],
      ['field-locatedIn', 'Bulunduğu yer (ör. AVM)', 'Les Halles de Lyon', 300],
      ['field-rating', 'Puan (0–5)', '4.7', undefined],
      ['field-reviews', 'Yorum sayısı', '321', undefined],
      ['field-reviewsLink', 'Yorumlar bağlantısı', 'https://maps.example/reviews/a1b2c3', 2000],
      ['field-logo', 'Logo URL', 'https://bouchon.example/logo.png', 2000],
    ] as const) {
      expect(html, id).toContain(`<label for="${id}">${label}</label>`);
      const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(input, id).toContain(`value="${value}"`);
      if (maxLength !== undefined) expect(input, id).toContain(`maxLength="${maxLength}"`);
    }
    expect(text(html)).toContain('Puan ve yorumlar');
  });

  it('answers 404 for a business that does not exist, inside the admin layout', async () => {
    const { status, html } = page(await renderPage('/admin/businesses/999'));
    expect(status).toBe(404);
    expect(html).toContain('<nav aria-label="Yönetim">');
    expect(html).toMatch(/<a[^>]*href="\/admin"[^>]*>Yönetim ana sayfası<\/a>/);
  });

  it('shows an /admin path that names no screen inside the admin layout, answered 404, with a way to the admin home and no router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const { status, head, html } = page(await renderPage('/admin/nope'));
      expect(warn.mock.calls.flat().join(' ')).not.toContain('Matched leaf route');
      expect(status).toBe(404);
      expect(head).toContain('<title>Sayfa bulunamadı | Yönetim Paneli</title>');
      // The sidebar is there, and the page's own words: what is missing and where to go.
      expect(html).toMatch(/<nav aria-label="Yönetim">[\s\S]*İşletme Yönetimi[\s\S]*<\/nav>/);
      expect(text(html)).toContain('Sayfa bulunamadı Aradığınız kayıt ya da sayfa yok. Yönetim ana sayfası');
      expect(html).toMatch(/<a[^>]*href="\/admin"[^>]*>Yönetim ana sayfası<\/a>/);
    } finally {
      warn.mockRestore();
    }
  });

  it('offers only the maintenance actions the kept counts leave work for', async () => {
    /** Each Tehlikeli İşlemler button's words and whether it is disabled. */
    const dangerButtons = async () =>
      [...page(await renderPage('/admin/maintenance')).html.matchAll(/<button type="button" class="admin-button admin-button-danger[^"]*"([^>]*)>([^<]+)<\/button>/g)].map(
        ([, attributes, label]) => `${text(label!).trim()}${attributes!.includes('disabled') ? ' (disabled)' : ''}`,
      );
    expect(await dangerButtons()).toEqual(['Test verilerini sil', "URL'leri düzelt", 'Tümünü sil']);
    useFake({ stats: { testBusinesses: 0 } });
    expect(await dangerButtons()).toEqual(['Test verilerini sil (disabled)', "URL'leri düzelt", 'Tümünü sil']);
    expect(text(page(await renderPage('/admin/maintenance')).html)).toContain('Kayıtta şu an test verisi yok.');
    useFake({ stats: { totalBusinesses: 0, testBusinesses: 0 } });
    expect(await dangerButtons()).toEqual(['Test verilerini sil (disabled)', "URL'leri düzelt (disabled)", 'Tümünü sil (disabled)']);
    expect(text(page(await renderPage('/admin/maintenance')).html)).toContain('Kayıt şu an boş.');
  });

  it.each(['/admin/activity', '/admin'])('%s words each entry in Turkish: its detail, its business linked while kept, a refused request by its screen', async (path) => {
    const { html } = page(await renderPage(path));
    const body = text(html);
    expect(body).toContain('Geçersiz kullanıcı adı veya şifre.');
    expect(body).toContain('2 işletmenin 2 tanesi silindi: #60, #59.');
    expect(body).toContain('3,0 sn sonra hatayla durdu.');
    expect(body).toContain('İstek reddedildi: başka bir siteden gönderilmiş.');
    for (const english of ['invalid username or password', 'businesses deleted', 'failed after', 'Request refused']) expect(body).not.toContain(english);
    // The failed rebuild's own error, in English, is quoted as such.
    expect(html).toMatch(/<q lang="en"[^>]*>SqliteError: disk full<\/q>/);
    expect(html).toMatch(/<a[^>]*href="\/admin\/businesses\/1"[^>]*>Kebapçı Halil \(#1\)<\/a>/);
    // A business's name is in its target: no detail line repeats it.
    expect(body.match(/Kebapçı Halil/g)).toHaveLength(1);
    expect(body).toContain('İşletme #7 (silinmiş)');
    expect(html).not.toMatch(/href="\/admin\/businesses\/7"/);
    const settingsLink = /<a([^>]*)>Site Ayarları<\/a>/.exec(html.slice(html.indexOf('admin-activity-list')))?.[1];
    expect(settingsLink).toContain('href="/admin/settings"');
    expect(settingsLink).toContain('title="POST /api/admin/site-settings"');
  });

  it('shows an entry stored before details had codes with its English words, marked as English', async () => {
    const { html } = page(await renderPage('/admin/activity'));
    expect(html).toMatch(/<p class="admin-activity-detail" lang="en">finished: 51 businesses indexed in 0.4 s<\/p>/);
  });

  it("says in Turkish where each advertisement area shows on a business page, naming the section as the page's heading reads", async () => {
    const body = text(page(await renderPage('/admin/advertisements')).html);
    for (const placement of [
      'ad1: Özellikler bölümünün ("Features and amenities") üstünde',
      'ad2: Hakkında bölümünün ("About") altında',
      'ad3: Çalışma saatlerinin ("Opening hours") altında',
      'ad4: İletişim bilgilerinin ("Contact info") altında',
    ]) {
      expect(body).toContain(placement);
    }
    expect(body).not.toMatch(/\b(above|below)\b/);
  });

  it("names the cache action in Turkish and keeps the spec's names of the code boxes", async () => {
    const { html } = page(await renderPage('/admin/settings'));
    expect(html).toMatch(/<button type="button" class="admin-button"[^>]*>Önbelleği temizle<\/button>/);
    expect(text(html)).not.toMatch(/Cache/i);
    expect(text(html)).toContain('Head Etiketleri');
  });

  it.each([
    ['/admin/businesses/1', ['Le Bouchon Lyonnais', 'Çalışma saatleri', 'Pazartesi', 'Kaydet']],
    ['/admin/settings', ['Herkese açık her sayfaya eklenen kodlar', 'Head Etiketleri', 'Body Etiketleri (Facebook Pixel)', 'Footer Etiketleri', 'Analytics Kodu', 'Sitemap Yönetimi', '12.914 URL']],
    ['/admin/contact-details', ['İletişim Bilgileri', 'Kuruluş adı', 'Büyükdere Cad. No: 1', '1. hat numarası', 'Hat ekle', 'Mon – Fri: 9:00 – 18:00']],
    ['/admin/advertisements', ['Reklam Alanı 1 (ad1)', "50KB'dir"]],
    ['/admin/messages', ['Listing correction', 'Okunmadı', 'İşlendi']],
    ['/admin/reports', ['Eksik Bilgiler', 'Türkiye', 'İçe Aktarma Geçmişi', 'broken.xlsx']],
    ['/admin/maintenance', ['Tehlikeli İşlemler', 'Test verilerini sil', "URL'leri düzelt", 'Tüm işletmeleri sil', '12.480 işletme, 41,2 sn']],
    ['/admin/activity', ['Etkinlik Kaydı', '54 kayıt', 'İşletme onaylandı', 'Arama indeksi yeniden oluşturma']],
    ['/admin/upload', ['Excel Yükleme']],
  ])('renders %s', async (path, expected) => {
    const { status, html } = page(await renderPage(path));
    expect(status).toBe(200);
    const body = text(html);
    for (const phrase of expected) expect(body).toContain(phrase);
  });
});
