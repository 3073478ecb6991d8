import { useEffect, useMemo, useState } from 'react';
import {
  DATE_RANGES,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_FIELDS,
  type DateRange,
  type ExportField,
} from '@directory/backend/shared/import-types.ts';
import { exportQuery, fetchStrings, fileNameOf } from '../api.ts';
import '../admin-import.css';

const LISTED_CATEGORIES = 100;
const PREVIEWED_CATEGORIES = 5;

const RANGE_LABELS: Record<DateRange, string> = {
  all: 'Tüm zamanlar',
  today: 'Bugün',
  yesterday: 'Dün',
  last24hours: 'Son 24 saat',
  last7days: 'Son 7 gün',
  thisweek: 'Bu hafta',
  thismonth: 'Bu ay',
  custom: 'Özel aralık',
};

export interface ExportDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** Downloads a response body under the server's file name. */
async function saveDownload(response: Response): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, 'businesses_export.csv');
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The CSV export dialog of the spec: fields (defaults name, full_address, phone, type), country
 * code, categories (at most 100 listed, select-all on the filtered set, top 5 previewed), date
 * range; the button is disabled without a field or while exporting ('Dışa Aktarılıyor...').
 */
export function ExportDialog({ isOpen, onClose }: ExportDialogProps) {
  const [fields, setFields] = useState<ExportField[]>([...DEFAULT_EXPORT_FIELDS]);
  const [countryCode, setCountryCode] = useState('all');
  const [categoryFilter, setCategoryFilter] = useState('');
  const [selectedCategories, setSelectedCategories] = useState<string[]>([]);
  const [dateRange, setDateRange] = useState<DateRange>('all');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [isExporting, setIsExporting] = useState(false);
  const [message, setMessage] = useState<{ title: string; text: string; isError: boolean } | null>(null);
  const [categories, setCategories] = useState<Loaded<string[]>>({ state: 'loading' });
  const [countryCodes, setCountryCodes] = useState<string[]>([]);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    setCategories({ state: 'loading' });
    fetchStrings('/api/admin/categories').then(
      (value) => isCurrent && setCategories({ state: 'ready', value: value.filter((category) => category.trim() !== '') }),
      () => isCurrent && setCategories({ state: 'failed' }),
    );
    // Country codes are read only while the dialog is open; without them the list offers "all" only.
    fetchStrings('/api/admin/country-codes').then(
      (value) => isCurrent && setCountryCodes(value),
      () => isCurrent && setCountryCodes([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen]);

  const filtered = useMemo(() => {
    if (categories.state !== 'ready') return [];
    const needle = categoryFilter.trim().toLocaleLowerCase('tr');
    return categories.value.filter((category) => category.toLocaleLowerCase('tr').includes(needle)).slice(0, LISTED_CATEGORIES);
  }, [categories, categoryFilter]);

  if (!isOpen) return null;

  const toggleField = (field: ExportField) =>
    setFields((current) => (current.includes(field) ? current.filter((item) => item !== field) : EXPORT_FIELDS.filter((item) => item === field || current.includes(item))));
  const toggleCategory = (category: string) =>
    setSelectedCategories((current) => (current.includes(category) ? current.filter((item) => item !== category) : [...current, category]));
  const isAllFilteredSelected = filtered.length > 0 && filtered.every((category) => selectedCategories.includes(category));
  const handleSelectAll = () =>
    setSelectedCategories((current) =>
      isAllFilteredSelected ? current.filter((category) => !filtered.includes(category)) : [...new Set([...current, ...filtered])],
    );

  const handleExport = async () => {
    setIsExporting(true);
    setMessage(null);
    try {
      const query = exportQuery({ fields, countryCode, categories: selectedCategories, dateRange, startDate, endDate });
      const response = await fetch(`/api/admin/export-csv?${query}`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      await saveDownload(response);
      setMessage({ title: 'Dışa aktarma başarılı', text: 'CSV dosyası indirildi', isError: false });
      onClose();
    } catch (error) {
      setMessage({ title: 'Dışa aktarma hatası', text: `Export failed: ${(error as Error).message}`, isError: true });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="admin-export-title" className="admin-export-dialog">
      <h2 id="admin-export-title">CSV Dışa Aktar</h2>
      <fieldset className="admin-export-fields">
        <legend>Alanlar ({fields.length}/{EXPORT_FIELDS.length})</legend>
        {EXPORT_FIELDS.map((field) => (
          <label key={field}>
            <input type="checkbox" checked={fields.includes(field)} onChange={() => toggleField(field)} /> {field}
          </label>
        ))}
      </fieldset>
      <label>
        Ülke kodu
        <select value={countryCode} onChange={(event) => setCountryCode(event.target.value)}>
          <option value="all">Tümü</option>
          {countryCodes.map((code) => (
            <option key={code} value={code}>{code}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Kategoriler ({selectedCategories.length} seçili)</legend>
        <input type="search" aria-label="Kategori ara" placeholder="Kategori ara" value={categoryFilter} onChange={(event) => setCategoryFilter(event.target.value)} />
        {categories.state === 'loading' && <p role="status">Kategoriler yükleniyor...</p>}
        {categories.state === 'failed' && <p role="alert">Kategoriler yüklenemedi. Sayfa yenileyin.</p>}
        {categories.state === 'ready' && filtered.length === 0 && <p>Kategori bulunamadı.</p>}
        {filtered.length > 0 && (
          <>
            <label>
              <input type="checkbox" checked={isAllFilteredSelected} onChange={handleSelectAll} /> Tümünü seç ({filtered.length})
            </label>
            <div className="admin-export-categories">
              {filtered.map((category) => (
                <label key={category}>
                  <input type="checkbox" checked={selectedCategories.includes(category)} onChange={() => toggleCategory(category)} /> {category}
                </label>
              ))}
            </div>
          </>
        )}
        {selectedCategories.length > 0 && (
          <p>
            Seçilenler: {selectedCategories.slice(0, PREVIEWED_CATEGORIES).join(', ')}
            {selectedCategories.length > PREVIEWED_CATEGORIES && ` +${selectedCategories.length - PREVIEWED_CATEGORIES}`}
          </p>
        )}
      </fieldset>
      <label>
        Tarih aralığı
        <select value={dateRange} onChange={(event) => setDateRange(event.target.value as DateRange)}>
          {DATE_RANGES.map((range) => (
            <option key={range} value={range}>{RANGE_LABELS[range]}</option>
          ))}
        </select>
      </label>
      {dateRange === 'custom' && (
        <div className="admin-import-controls">
          <label>Başlangıç <input type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} /></label>
          <label>Bitiş <input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} /></label>
        </div>
      )}
      {message && (
        <p role={message.isError ? 'alert' : 'status'} className={message.isError ? 'is-error' : undefined}>
          <strong>{message.title}</strong> {message.text}
        </p>
      )}
      <div className="admin-import-controls">
        <button type="button" className="button" onClick={() => void handleExport()} disabled={fields.length === 0 || isExporting}>
          {isExporting ? 'Dışa Aktarılıyor...' : 'Dışa Aktar'}
        </button>
        <button type="button" onClick={onClose}>İptal</button>
      </div>
    </div>
  );
}
