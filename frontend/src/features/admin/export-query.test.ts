import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import { exportErrorText, exportQuery } from './export-query.ts';
import { buildRefusal } from './testing/build-admin-data.ts';


describe('the export query', () => {
  it('sends a custom date range only when both dates are filled', () => {
    const base = { format: 'xlsx', fields: ['name', 'phone'] as const, countryCode: '', categories: [], startDate: '2026-01-01', endDate: '' } as const;
    expect(exportQuery({ ...base, dateRange: 'custom' })).toBe('format=xlsx&fields=name%2Cphone&countryCode=all&dateRange=custom');
    expect(exportQuery({ ...base, endDate: '2026-01-31', dateRange: 'custom', categories: ['Bakery', 'Café'], countryCode: 'TR' })).toBe(
      'format=xlsx&fields=name%2Cphone&countryCode=TR&dateRange=custom&categories=Bakery%2CCaf%C3%A9&startDate=2026-01-01&endDate=2026-01-31',
    );
    expect(exportQuery({ ...base, format: 'csv', endDate: '2026-01-31', dateRange: 'last7days' })).toBe('format=csv&fields=name%2Cphone&countryCode=all&dateRange=last7days');
  });

  it('sends the categories as a JSON array when a name holds a comma, so no name is cut in two', () => {
    const base = { format: 'csv', fields: ['name'] as const, countryCode: '', dateRange: 'all', startDate: '', endDate: '' } as const;
    const sent = new URLSearchParams(exportQuery({ ...base, categories: ['Bar, Grill', 'Café'] })).get('categories');
    expect(JSON.parse(sent!)).toEqual(['Bar, Grill', 'Café']);
    expect(new URLSearchParams(exportQuery({ ...base, categories: ['Bar', 'Grill'] })).get('categories')).toBe('Bar,Grill');
  });
});

describe('a refused export, as the operator reads it', () => {
  it('names each field in the dialog\'s words with its reason, never the raw answer', () => {
    const text = exportErrorText(buildRefusal([{ field: 'dateRange', code: 'custom_range_dates', params: {} }]));
    expect(text).toBe('Tarih aralığı: Özel aralık için başlangıç ve bitiş tarihlerinin ikisi de seçilmeli.');
    expect(
      exportErrorText(
        buildRefusal([
          { field: 'endDate', code: 'before_start_date', params: {} },
          { field: 'countryCode', code: 'country_code_or_all', params: {} },
        ]),
      ),
    ).toBe('Bitiş: Başlangıç tarihinden önce olamaz. Ülke kodu: İki harfli bir ülke kodu ya da "all" olmalı.');
    expect(text).not.toMatch(/[{}]|400/);
    expect(exportErrorText(buildRefusal([{ field: 'format', code: 'one_of', params: { values: ['xlsx', 'csv'] } }]))).toBe('Dosya biçimi: Şunlardan biri olmalı: xlsx veya csv.');
  });

  it('says a long category name in Turkish, and when the session ended or the server was not reached', () => {
    expect(exportErrorText(buildRefusal([{ field: 'categories.0', code: 'category_too_long', params: { max: 200 } }]))).toBe(
      'Kategoriler, 1. satır: Her kategori adı en fazla 200 karakter olabilir.',
    );
    expect(exportErrorText(new ApiRequestError(401, '{"error":{"id":"unauthorized","message":"Sign in"}}'))).toMatch(/^Oturumunuzun süresi doldu/);
    expect(exportErrorText(new TypeError('Failed to fetch'))).toBe('Sunucuya bağlanılamadı. Lütfen tekrar deneyin.');
  });
});
