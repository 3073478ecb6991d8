import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { ADMIN_LIMITS } from '@directory/backend/shared/admin-limits.ts';
import type { AdminBusinessListItem, AdminBusinessPage, AdminSortBy } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { formatCount, formatDate, formatDecimal } from '../admin-format.ts';
import { businessListSearchAtom } from '../atoms.ts';
import {
  buildBusinessListSearch,
  firstPage,
  lastPage,
  nextSort,
  pageAfter,
  pageBefore,
  SORT_KEYS,
  toggleSortOrder,
  withCategory,
  withFilter,
  type BusinessListQuery,
} from '../business-list-query.ts';
import type { businessesLoader } from '../loaders.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { BulkActions } from './bulk-actions.tsx';
import { CategoryCombobox } from './category-combobox.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { PageHeader, StatCard } from './page-header.tsx';
import { CursorPager } from './cursor-pager.tsx';

const SORT_LABELS: Record<AdminSortBy, string> = { name: 'Ad', rating: 'Puan', reviewCount: 'Yorum', createdAt: 'Eklenme' };
const SEARCH_DEBOUNCE_MS = 300;

interface BusinessRowProps {
  business: AdminBusinessListItem;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  onChanged: () => void;
  /** Opens the deletion's confirmation. */
  onDelete: () => void;
}

/** Where a business is: its category, city and country, as the list's second line shows it. */
const placeOf = (business: AdminBusinessListItem) =>
  [business.category, [business.city, business.countryCode ?? business.country].filter(Boolean).join(', ')].filter(Boolean).join(' · ');

function BusinessRow({ business, isSelected, onSelect, onChanged, onDelete }: BusinessRowProps) {
  const api = useAdminApi();
  const { toast } = useToast();
  const [isBusy, setIsBusy] = useState(false);

  const handleToggle = async () => {
    setIsBusy(true);
    try {
      await api.toggleApproval(business.id);
      toast({ title: business.isApproved ? 'Onay kaldırıldı' : 'İşletme onaylandı', description: business.name, variant: 'success' });
      onChanged();
    } catch (error) {
      toast({ title: 'Onay durumu değiştirilemedi', description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <tr className={business.isApproved ? 'admin-row approved' : 'admin-row'}>
      <td className="admin-row-select">
        <input type="checkbox" checked={isSelected} onChange={(event) => onSelect(event.target.checked)} aria-label={`Seç: ${business.name}`} />
      </td>
      <td data-label="İşletme">
        <a href={`/business/${business.slug}`} className="admin-row-name" target="_blank" rel="noreferrer">
          {business.name}
        </a>
        {business.status === 'temporarily_closed' && <span className="admin-closure-badge">Geçici olarak kapalı</span>}
        <span className="admin-row-sub">{placeOf(business) || '—'}</span>
      </td>
      <td data-label="Puan" className="admin-num">
        {business.rating !== null ? formatDecimal(business.rating) : '—'}
      </td>
      <td data-label="Yorum" className="admin-num">
        {formatCount(business.reviewCount)}
      </td>
      <td data-label="Telefon" className="admin-nowrap">
        {business.phone ?? '—'}
      </td>
      <td data-label="Eklenme" className="admin-nowrap">
        {formatDate(business.createdAt)}
      </td>
      <td className="admin-row-actions">
        <button
          type="button"
          className={business.isApproved ? 'admin-button admin-button-approved' : 'admin-button'}
          aria-pressed={business.isApproved}
          onClick={handleToggle}
          disabled={isBusy}
        >
          {business.isApproved ? 'Onaylı' : 'Onayla'}
        </button>
        <Link className="admin-button" to={`/admin/businesses/${business.id}`}>
          Düzenle
        </Link>
        <button
          type="button"
          className="admin-button admin-button-danger"
          onClick={onDelete}
          disabled={isBusy}
          aria-haspopup="dialog"
          aria-label={`Sil: ${business.name}`}
        >
          Sil
        </button>
      </td>
    </tr>
  );
}

/** Asks before deleting one business, naming it and where it is; on success a toast says it went. */
function DeleteBusinessDialog({ business, onDeleted, onClose }: { business: AdminBusinessListItem; onDeleted: () => void; onClose: () => void }) {
  const api = useAdminApi();
  const { toast } = useToast();
  const handleConfirm = async () => {
    await api.deleteBusiness(business.id);
    toast({ title: 'İşletme silindi', description: business.name, variant: 'success' });
    onDeleted();
  };
  const place = placeOf(business);
  return (
    <ConfirmDialog title={`"${business.name}" silinsin mi?`} confirmLabel="İşletmeyi sil" tone="danger" onConfirm={handleConfirm} onClose={onClose}>
      <p>
        <strong>{business.name}</strong>
        {place && ` (${place})`} kalıcı olarak silinecek; sayfası (/business/{business.slug}) artık açılmayacak ve arama sonuçlarından çıkacak.
      </p>
      <p>Bu işlem geri alınamaz.</p>
    </ConfirmDialog>
  );
}

/** The name search box: the URL follows the text after a short pause (Enter applies it at once). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.current = text.trim();
    onSearch(text);
  };
  return (
    <form role="search" className="admin-search" onSubmit={handleSubmit}>
      <label className="visually-hidden" htmlFor="business-search">
        İşletme adı ara
      </label>
      <input
        id="business-search"
        type="search"
        placeholder="İşletme adı ara..."
        maxLength={ADMIN_LIMITS.listFilter}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

/** The rows of one page of the list, with the count above and the pager below. */
function BusinessListResults({ list, query, onChanged }: { list: AdminBusinessPage; query: BusinessListQuery; onChanged: () => void }) {
  const { pagination } = list;
  const hrefOf = (next: BusinessListQuery) => `/admin/businesses${buildBusinessListSearch(next)}`;
  const isLastPage = pagination.nextCursor === null;
  // The selection belongs to this page (a new page is a new list): a row deleted meanwhile is no longer counted.
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [deleting, setDeleting] = useState<AdminBusinessListItem | null>(null);
  const select = (id: number, isSelected: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  const totalText =
    pagination.totalBound === 'atLeast'
      ? `${formatCount(pagination.total)}+`
      : pagination.totalBound === 'atMost'
        ? `en çok ${formatCount(pagination.total)}`
        : formatCount(pagination.total);
  return (
    <>
      <p className="admin-showing" aria-live="polite">
        {formatCount(list.businesses.length)} / {totalText} işletme gösteriliyor
      </p>
      {list.businesses.length === 0 ? (
        <p className="admin-empty">
          {pagination.nextCursor !== null
            ? 'Bu bölümde eşleşen işletme yok; arama sonraki sayfada sürüyor.'
            : 'İşletme bulunamadı'}
        </p>
      ) : (
        <>
          <BulkActions
            businesses={list.businesses}
            selectedIds={selectedIds}
            onSelectAll={(isSelected) => setSelectedIds(new Set(isSelected ? list.businesses.map((business) => business.id) : []))}
            onDone={() => {
              setSelectedIds(new Set());
              onChanged();
            }}
          />
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Seç</span>
                  </th>
                  <th scope="col">İşletme</th>
                  <th scope="col" className="admin-num">
                    Puan
                  </th>
                  <th scope="col" className="admin-num">
                    Yorum
                  </th>
                  <th scope="col">Telefon</th>
                  <th scope="col">Eklenme</th>
                  <th scope="col">
                    <span className="visually-hidden">İşlemler</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.businesses.map((business) => (
                  <BusinessRow
                    key={business.id}
                    business={business}
                    isSelected={selectedIds.has(business.id)}
                    onSelect={(isSelected) => select(business.id, isSelected)}
                    onChanged={onChanged}
                    onDelete={() => setDeleting(business)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {deleting && <DeleteBusinessDialog business={deleting} onDeleted={onChanged} onClose={() => setDeleting(null)} />}
        </>
      )}
      <CursorPager
        page={pagination.page}
        totalPages={pagination.totalPages}
        isTotalExact={pagination.isTotalExact}
        links={{
          first: pagination.prevCursor !== null ? hrefOf(firstPage(query)) : null,
          prev: pagination.prevCursor !== null ? hrefOf(pageBefore(query, pagination.prevCursor)) : null,
          next: pagination.nextCursor !== null ? hrefOf(pageAfter(query, pagination.nextCursor)) : null,
          last: !isLastPage ? hrefOf(lastPage(query, pagination.totalPages)) : null,
        }}
        label="İşletme sayfaları"
      />
    </>
  );
}

export function BusinessesPage() {
  const { query, list, refusal, categories, stats } = useLoaderData<typeof businessesLoader>();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const setListSearch = useSetAtom(businessListSearchAtom);
  const [isExportOpen, setIsExportOpen] = useState(false);

  useEffect(() => setListSearch(location.search), [location.search, setListSearch]);

  const go = (next: BusinessListQuery, replace = false) => navigate(`/admin/businesses${buildBusinessListSearch(next)}`, { replace });
  const handleSearch = (text: string) => go(withFilter(query, text), true);

  return (
    <>
      <PageHeader
        title="İşletme Yönetimi"
        description="İşletmeleri arayın, sıralayın, onaylayın, düzenleyin ve silin."
        actions={
          <button type="button" className="admin-button admin-button-primary" onClick={() => setIsExportOpen(true)} aria-haspopup="dialog">
            Dışa Aktar (Excel, CSV)
          </button>
        }
      />
      <ExportDialog isOpen={isExportOpen} onClose={() => setIsExportOpen(false)} listCategory={query.category} listFilter={query.filter} />
      {stats && (
        <section className="admin-stats admin-stats-compact" aria-label="Özet">
          <StatCard label="Toplam İşletme" value={formatCount(stats.totalBusinesses)} tone="primary" />
          <StatCard label="Onaylı" value={formatCount(stats.approvedBusinesses)} tone="success" />
          <StatCard label="Onay Bekleyen" value={formatCount(stats.totalBusinesses - stats.approvedBusinesses)} tone="warning" />
          <StatCard label="Kategori" value={formatCount(stats.totalCategories)} />
        </section>
      )}
      <section className="admin-panel">
        <div className="admin-toolbar">
          <SearchBox value={query.filter} onSearch={handleSearch} />
          <CategoryCombobox categories={categories} value={query.category} onChange={(category) => go(withCategory(query, category))} />
          <div className="admin-sort" role="group" aria-label="Sırala">
            {SORT_KEYS.map((key) => (
              <button
                key={key}
                type="button"
                className={query.sortBy === key ? 'admin-chip active' : 'admin-chip'}
                aria-pressed={query.sortBy === key}
                onClick={() => go(nextSort(query, key))}
              >
                {SORT_LABELS[key]}
                {query.sortBy === key && <span aria-hidden="true">{query.sortOrder === 'asc' ? ' ↑' : ' ↓'}</span>}
              </button>
            ))}
            <button type="button" className="admin-chip" onClick={() => go(toggleSortOrder(query))} aria-label={`Sıra: ${query.sortOrder === 'asc' ? 'artan' : 'azalan'}`}>
              {query.sortOrder === 'asc' ? 'Artan ↑' : 'Azalan ↓'}
            </button>
          </div>
        </div>
        {list ? (
          // Another page, filter or order starts with nothing selected.
          <BusinessListResults key={location.search} list={list} query={query} onChanged={() => revalidator.revalidate()} />
        ) : (
          <p className="admin-form-error" role="alert">
            {refusal}
          </p>
        )}
      </section>
    </>
  );
}
