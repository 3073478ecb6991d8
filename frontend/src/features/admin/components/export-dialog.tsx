import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DATE_RANGES,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_FIELDS,
  EXPORT_FORMATS,
  type DateRange,
  type ExportField,
  type ExportFormat,
} from '@directory/backend/shared/export-types.ts';
import type { AdminCategoryCount } from '@directory/backend/shared/admin-types.ts';
import { EXCEL_SHEET_ROWS } from '@directory/backend/shared/excel-limits.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatCount } from '../admin-format.ts';
import { matchCategories } from '../category-matches.ts';
import { exportErrorText, exportQuery, fileNameOf } from '../export-query.ts';
import { categoriesOfList, exportScopeText, nameSearchNotice, RANGE_LABELS } from '../export-scope.ts';
import { AdminModal } from './admin-modal.tsx';

/** Categories listed at a time: typing a part of a name finds any of the rest. */
const LISTED_CATEGORIES = 100;
const PREVIEWED_CATEGORIES = 5;

/** Each format as the operator reads it: its name, and what it is for. */
const FORMATS: Record<ExportFormat, { label: string; hint: string; fileKind: string }> = {
  xlsx: { label: 'Excel (.xlsx)', hint: `Excel'de doğrudan açılır; sayılar, tarihler ve DOĞRU/YANLIŞ kendi türünde. Bir sayfa ${formatCount(EXCEL_SHEET_ROWS - 1)} işletme alır: fazlası sonraki sayfalarda.`, fileKind: 'Excel' },
  csv: { label: 'CSV', hint: 'Virgülle ayrılmış UTF-8 metin; başka programlar ve içe aktarma araçları için.', fileKind: 'CSV' },
};

export interface ExportDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The business list's category ('all' for none): the dialog starts with it selected. */
  listCategory: string;
  /** The business list's name search, which the export does not apply (the dialog says so). */
  listFilter: string;
}

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** GETs a list (categories with their counts, country codes), retrying once as the spec's category call does. */
async function fetchList<T>(path: string): Promise<T[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (!response.ok) throw new ApiRequestError(response.status, await response.text());
      return (await response.json()) as T[];
    } catch (error) {
      if (attempt >= 1) throw error;
    }
  }
}

/** Downloads a response body under the server's file name. */
async function saveDownload(response: Response, format: ExportFormat): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `businesses_export.${format}`);
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The export dialog of the spec: the file's format (Excel first: the operators open the file in
 * Excel, which in a Turkish locale splits a comma CSV into one column; CSV for other tools),
 * fields (defaults name, full_address, phone, type), country code, categories (every one found by
 * typing a part of its name, as the list's category filter finds them, 100 listed at a time, the
 * chosen ones always listed and ticked, select-all on those listed, top 5 previewed), date range; the button is disabled
 * without a field or while exporting ('Dışa Aktarılıyor...'). It closes on success with the
 * spec's toast, naming the file's kind; a refusal stays in the dialog, worded for the operator.
 * It starts from the list's category, and says what the file will hold ("Tüm işletmeler" or the
 * chosen categories, country and dates) and that the list's name search is not applied. The
 * choices stay while the screen is open, until the list shows another category.
 */
export function ExportDialog({ isOpen, onClose, listCategory, listFilter }: ExportDialogProps) {
  const { toast } = useToast();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [fields, setFields] = useState<ExportField[]>([...DEFAULT_EXPORT_FIELDS]);
  const [countryCode, setCountryCode] = useState('all');
  const [categoryFilter, setCategoryFilter] = useState('');
  const [selectedCategories, setSelectedCategories] = useState<string[]>(() => categoriesOfList(listCategory));
  /** The chosen categories as they were when the search text last changed: listed whatever is typed, so one let go stays in place until then. */
  const [keptListed, setKeptListed] = useState<string[]>(selectedCategories);
  const startedFrom = useRef(listCategory);
  const [dateRange, setDateRange] = useState<DateRange>('all');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [isExporting, setIsExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [categories, setCategories] = useState<Loaded<AdminCategoryCount[]>>({ state: 'loading' });
  const [countryCodes, setCountryCodes] = useState<string[]>([]);
  const errorLine = useRef<HTMLParagraphElement>(null);

  // A refusal is written at the end of the dialog's body: it scrolls into view.
  useEffect(() => {
    if (error) errorLine.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  // Opened again after the list moved to another category: the selection starts from that one.
  useEffect(() => {
    if (!isOpen || startedFrom.current === listCategory) return;
    startedFrom.current = listCategory;
    setSelectedCategories(categoriesOfList(listCategory));
    setKeptListed(categoriesOfList(listCategory));
  }, [isOpen, listCategory]);

  useEffect(() => {
    if (!isOpen) return undefined;
    let isCurrent = true;
    setError(null);
    setCategories({ state: 'loading' });
    // With their counts, biggest first: the list's category filter reads the same, and ranks its matches the same way.
    fetchList<AdminCategoryCount>('/api/admin/category-counts').then(
      (value) => isCurrent && setCategories({ state: 'ready', value }),
      () => isCurrent && setCategories({ state: 'failed' }),
    );
    // Country codes are read only while the dialog is open; without them the list offers "all" only.
    fetchList<string>('/api/admin/country-codes').then(
      (value) => isCurrent && setCountryCodes(value),
      () => isCurrent && setCountryCodes([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen]);

  const matches = useMemo(
    () => (categories.state === 'ready' ? matchCategories(categories.value, categoryFilter, LISTED_CATEGORIES) : { shown: [], total: 0 }),
    [categories, categoryFilter],
  );
  const filtered = useMemo(() => matches.shown.map((entry) => entry.category), [matches]);
  // A chosen category stays listed, ticked, whatever is typed (the list's own category among them),
  // at the top; one chosen among the matches stays where it is, so a tick never moves what was clicked.
  const listed = useMemo(
    () => [...new Set([...keptListed, ...selectedCategories])].filter((category) => !filtered.includes(category)).concat(filtered),
    [keptListed, selectedCategories, filtered],
  );
  const handleCategoryFilter = (text: string) => {
    setCategoryFilter(text);
    setKeptListed(selectedCategories);
  };

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

  const notice = nameSearchNotice(listFilter);

  const handleExport = async () => {
    setIsExporting(true);
    setError(null);
    try {
      const query = exportQuery({ format, fields, countryCode, categories: selectedCategories, dateRange, startDate, endDate });
      const response = await fetch(`/api/admin/export-csv?${query}`, { credentials: 'same-origin' });
      if (!response.ok) throw new ApiRequestError(response.status, (await response.text()) || response.statusText);
      await saveDownload(response, format);
      onClose();
      toast({ title: 'Dışa aktarma başarılı', description: `${FORMATS[format].fileKind} dosyası indirildi`, variant: 'success' });
    } catch (failure) {
      setError(exportErrorText(failure));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <AdminModal
      title="İşletmeleri Dışa Aktar"
      size="wide"
      onClose={onClose}
      actions={
        <>
          <div className="admin-export-scope" aria-live="polite">
            <p>
              <strong>Dışa aktarılacak:</strong> {exportScopeText({ countryCode, categories: selectedCategories, dateRange, startDate, endDate })}
            </p>
            {notice && <p>{notice}</p>}
          </div>
          <button type="button" className="admin-button" onClick={onClose}>
            İptal
          </button>
          <button type="button" className="admin-button admin-button-primary" onClick={() => void handleExport()} disabled={fields.length === 0 || isExporting}>
            {isExporting ? 'Dışa Aktarılıyor...' : 'Dışa Aktar'}
          </button>
        </>
      }
    >
      <fieldset className="admin-export-group">
        <legend>Dosya biçimi</legend>
        <div className="admin-export-formats">
          {EXPORT_FORMATS.map((item) => (
            <label key={item} className="admin-export-format">
              <input type="radio" name="export-format" value={item} checked={format === item} onChange={() => setFormat(item)} />
              <span>
                <strong>{FORMATS[item].label}</strong>
                <small>{FORMATS[item].hint}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="admin-export-group">
        <legend>
          Alanlar ({fields.length}/{EXPORT_FIELDS.length})
        </legend>
        <div className="admin-export-fields">
          {EXPORT_FIELDS.map((field) => (
            <label key={field} className="admin-check">
              <input type="checkbox" checked={fields.includes(field)} onChange={() => toggleField(field)} /> {field}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="admin-export-row">
        <label className="admin-field">
          <span>Ülke kodu</span>
          <select value={countryCode} onChange={(event) => setCountryCode(event.target.value)}>
            <option value="all">Tümü</option>
            {countryCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Tarih aralığı</span>
          <select value={dateRange} onChange={(event) => setDateRange(event.target.value as DateRange)}>
            {DATE_RANGES.map((range) => (
              <option key={range} value={range}>
                {RANGE_LABELS[range]}
              </option>
            ))}
          </select>
        </label>
        {dateRange === 'custom' && (
          <>
            <label className="admin-field">
              <span>Başlangıç</span>
              <input type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />
            </label>
            <label className="admin-field">
              <span>Bitiş</span>
              <input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />
            </label>
          </>
        )}
      </div>
      <fieldset className="admin-export-group">
        <legend>Kategoriler ({selectedCategories.length} seçili)</legend>
        <div className="admin-field">
          <input type="search" aria-label="Kategori ara" placeholder="Kategori ara" value={categoryFilter} onChange={(event) => handleCategoryFilter(event.target.value)} />
        </div>
        {categories.state === 'loading' && (
          <p role="status" className="muted">
            Kategoriler yükleniyor...
          </p>
        )}
        {categories.state === 'failed' && (
          <p role="alert" className="admin-field-error">
            Kategoriler yüklenemedi. Sayfa yenileyin.
          </p>
        )}
        {categories.state === 'ready' && filtered.length === 0 && (
          <p className="muted">{categoryFilter.trim() === '' ? 'Kayıtta kategori yok.' : `“${categoryFilter.trim()}” ile eşleşen kategori yok.`}</p>
        )}
        {matches.total > filtered.length && (
          <p className="muted">
            {formatCount(matches.total)} kategoriden ilk {formatCount(filtered.length)} tanesi listeleniyor; diğerlerini bulmak için adlarının bir kısmını yazın.
          </p>
        )}
        {filtered.length > 0 && (
          <label className="admin-check">
            <input type="checkbox" checked={isAllFilteredSelected} onChange={handleSelectAll} />{' '}
            {matches.total > filtered.length ? `Listelenenlerin tümünü seç (${formatCount(filtered.length)})` : `Tümünü seç (${formatCount(filtered.length)})`}
          </label>
        )}
        {listed.length > 0 && (
          <div className="admin-export-categories" role="group" aria-label="Kategori listesi">
            {listed.map((category) => (
              <label key={category} className="admin-check">
                <input type="checkbox" checked={selectedCategories.includes(category)} onChange={() => toggleCategory(category)} /> {category}
              </label>
            ))}
          </div>
        )}
        {selectedCategories.length > 0 && (
          <p className="muted">
            Seçilenler: {selectedCategories.slice(0, PREVIEWED_CATEGORIES).join(', ')}
            {selectedCategories.length > PREVIEWED_CATEGORIES && ` +${selectedCategories.length - PREVIEWED_CATEGORIES}`}
          </p>
        )}
      </fieldset>
      {error && (
        <p ref={errorLine} className="admin-form-error" role="alert">
          <strong>Dışa aktarma hatası:</strong> {error}
        </p>
      )}
    </AdminModal>
  );
}
