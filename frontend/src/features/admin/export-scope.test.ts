import { describe, expect, it } from 'vitest';
import { categoriesOfList, exportScopeText, nameSearchNotice, type ExportScope } from './export-scope.ts';

const everything: ExportScope = { countryCode: 'all', categories: [], dateRange: 'all', startDate: '', endDate: '' };

describe('what an export will hold, as the dialog says it', () => {
  it('says every business when nothing narrows it', () => {
    expect(exportScopeText(everything)).toBe('Tüm işletmeler (onaylı ve onay bekleyen).');
    expect(exportScopeText({ ...everything, countryCode: '' })).toBe('Tüm işletmeler (onaylı ve onay bekleyen).');
  });

  it('names each choice that narrows it: categories, country code, dates', () => {
    expect(exportScopeText({ ...everything, categories: ['Lawyer'] })).toBe('Yalnızca eşleşen işletmeler: kategori "Lawyer".');
    expect(exportScopeText({ ...everything, categories: ['Lawyer', 'Bar, Grill'], countryCode: 'TR', dateRange: 'last7days' })).toBe(
      'Yalnızca eşleşen işletmeler: 2 kategori ("Lawyer" ve "Bar, Grill"); ülke kodu TR; eklenme: son 7 gün.',
    );
    expect(exportScopeText({ ...everything, categories: ['A', 'B', 'C', 'D', 'E'] })).toBe(
      'Yalnızca eşleşen işletmeler: 5 kategori ("A", "B", "C" ve 2 kategori daha).',
    );
    expect(exportScopeText({ ...everything, dateRange: 'thisweek' })).toBe('Yalnızca eşleşen işletmeler: eklenme: bu hafta.');
  });

  it('gives a custom range its dates, or says both are needed', () => {
    expect(exportScopeText({ ...everything, dateRange: 'custom', startDate: '2026-03-01', endDate: '2026-03-10' })).toBe(
      'Yalnızca eşleşen işletmeler: eklenme: 01.03.2026–10.03.2026.',
    );
    expect(exportScopeText({ ...everything, dateRange: 'custom', startDate: '2026-03-01' })).toBe(
      'Yalnızca eşleşen işletmeler: eklenme: özel aralık (iki tarih de seçilmeli).',
    );
  });

  it("says a name search of the list is not applied, and nothing without one", () => {
    expect(nameSearchNotice(' kebap ')).toBe('Ad araması ("kebap") dışa aktarmaya uygulanmaz: dosyada adı aramayla eşleşmeyen işletmeler de olur.');
    expect(nameSearchNotice('  ')).toBeNull();
  });

  it("starts from the list's category, none for all", () => {
    expect(categoriesOfList('Lawyer')).toEqual(['Lawyer']);
    expect(categoriesOfList('all')).toEqual([]);
  });
});
