/** Test factories for the admin API's answers (backend/src/shared/admin-types.ts), with overridable fields. */
import type {
  AdminActivityItem,
  AdminBusiness,
  AdminBusinessListItem,
  AdminMessage,
  AdminReports,
  AdminStats,
  ReindexStatus,
  AdminSitemaps,
  UploadReport,
} from '@directory/backend/shared/admin-types.ts';
import { fieldReasonText, type FieldIssue } from '@directory/backend/shared/field-reasons.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';

export function buildStats(overrides: Partial<AdminStats> = {}): AdminStats {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2025, 2, 1 + i)).toISOString().slice(0, 10),
    count: 40 + ((i * 37) % 90),
  }));
  return {
    totalBusinesses: 12_480,
    approvedBusinesses: 9_312,
    testBusinesses: 1_200,
    totalCategories: 428,
    totalCountries: 47,
    totalCities: 1_893,
    siteFigures: 'index',
    categoryNames: 428,
    unreadMessages: 3,
    categories: [
      ['Restaurant', 1_480],
      ['Dentist', 932],
      ['Plumber', 811],
      ['Hair salon', 760],
      ['Lawyer', 604],
      ['Car repair', 590],
      ['Bakery', 512],
      ['Pharmacy', 498],
    ].map(([category, count]) => ({ category: String(category), count: Number(count), share: Number(count) / 12_480 })),
    system: {
      recordBytes: 48_234_496,
      indexBytes: 61_865_984,
      engine: 'sqlite',
      indexLag: { pendingChanges: 12, oldestPendingSeconds: 3 },
      memoryRssBytes: 187_695_104,
      uptimeSeconds: 93_784,
    },
    visitors: { today: days[29]!.count, days },
    ...overrides,
  };
}

export function buildUploadReport(overrides: Partial<UploadReport> = {}): UploadReport {
  return {
    id: 1,
    success: true,
    status: 'completed',
    timestamp: '2025-03-30T09:12:00.000Z',
    isDryRun: false,
    message: null,
    failure: null,
    errorsCsvUrl: '/api/admin/upload-reports/1/errors.csv',
    summary: { fileName: 'istanbul-restaurants.xlsx', fileSizeMB: 14.2, processingTimeSeconds: 38.4, totalRecords: 24_000 },
    results: { inserted: 18_200, updated: 5_300, repeated: 120, skipped: 500, errors: 0, updateRate: 22.1, skipRate: 2.1 },
    duplicateAnalysis: {
      excelDuplicateCount: 120,
      databaseDuplicateCount: 5_300,
      newPlaceIdCount: 18_200,
      uniquePlaceIds: 23_880,
      totalDuplicateRecords: 5_420,
      duplicateRate: 22.6,
    },
    ...overrides,
  };
}

export function buildActivity(overrides: Partial<AdminActivityItem> = {}): AdminActivityItem {
  return {
    id: 1,
    at: '2025-03-30T10:00:00.000Z',
    action: 'login',
    target: 'admin',
    result: 'success',
    address: '203.0.113.7',
    detail: null,
    outcome: null,
    subject: null,
    ...overrides,
  };
}

export function buildListItem(overrides: Partial<AdminBusinessListItem> = {}): AdminBusinessListItem {
  return {
    id: 1,
    slug: 'le-bouchon-lyonnais-a1b2c3',
    name: 'Le Bouchon Lyonnais',
    category: 'Restaurant',
    city: 'Lyon',
    country: 'France',
    rating: 4.7,
    reviewCount: 321,
    phone: '+33 4 78 12 34 56',
    address: '1 Rue Mercière, 69002 Lyon',
    isApproved: false,
    createdAt: '2025-03-01T08:00:00.000Z',
    placeId: 'ChIJa1b2c3',
    countryCode: 'FR',
    url: 'https://bouchon.example',
    status: 'operational',
    ...overrides,
  };
}

export function buildAdminBusiness(overrides: Partial<AdminBusiness> = {}): AdminBusiness {
  return {
    id: 1,
    name: 'Le Bouchon Lyonnais',
    slug: 'le-bouchon-lyonnais-a1b2c3',
    category: 'Restaurant',
    type: 'French restaurant',
    fullAddress: '1 Rue Mercière, 69002 Lyon, France',
    street: '1 Rue Mercière',
    city: 'Lyon',
    postalCode: '69002',
    country: 'France',
    countryCode: 'FR',
    phone: '+33 4 78 12 34 56',
    latitude: 45.7631,
    longitude: 4.8327,
    rating: 4.7,
    reviews: 321,
    reviewsLink: 'https://maps.example/reviews/a1b2c3',
    photo: null,
    logo: 'https://bouchon.example/logo.png',
    locatedIn: 'Les Halles de Lyon',
    workingHours: { Monday: 'Closed', Tuesday: '11AM–3PM, 5–10PM', Wednesday: '11AM–3PM, 5–10PM' },
    verified: true,
    about: 'Traditional Lyon cooking since 1962.',
    placeId: 'ChIJa1b2c3',
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-20T14:30:00.000Z',
    url: 'https://bouchon.example',
    isApproved: true,
    status: 'operational',
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<AdminMessage> = {}): AdminMessage {
  return {
    id: 1,
    name: 'Ayşe Yılmaz',
    email: 'ayse@example.com',
    company: 'Yılmaz Ltd.',
    phone: '+90 555 000 00 00',
    subject: 'Listing correction',
    message: 'The phone number of our bakery is wrong. Could you update it?',
    createdAt: '2025-03-29T16:40:00.000Z',
    isRead: false,
    isHandled: false,
    ...overrides,
  };
}

export function buildReports(overrides: Partial<AdminReports> = {}): AdminReports {
  return {
    byCountry: [
      { code: 'TR', name: 'Türkiye', count: 6_200 },
      { code: 'FR', name: 'France', count: 3_100 },
      { code: 'US', name: 'United States', count: 3_180 },
    ],
    byCategory: [
      { category: 'Restaurant', count: 1_480 },
      { category: 'Dentist', count: 932 },
    ],
    missing: {
      phone: { count: 1_248, share: 0.1 },
      coordinates: { count: 312, share: 0.025 },
      hours: { count: 3_744, share: 0.3 },
      photo: { count: 6_240, share: 0.5 },
    },
    notApproved: 3_168,
    total: 12_480,
    imports: [
      buildUploadReport(),
      buildUploadReport({
        id: 2, status: 'failed', success: false, message: 'The file is empty: no header row was found.', failure: { code: 'no_header', params: {} }, errorsCsvUrl: null,
        summary: { fileName: 'broken.xlsx', fileSizeMB: 0.4, processingTimeSeconds: 1.2, totalRecords: 0 },
        // Stored before reports kept their in-file repeats apart.
        results: { inserted: 0, updated: 0, repeated: null, skipped: 0, errors: 0, updateRate: 0, skipRate: 0 },
      }),
      buildUploadReport({
        id: 3, isDryRun: true, errorsCsvUrl: null, timestamp: '2025-03-30T08:00:00.000Z',
        summary: { fileName: 'trial.xlsx', fileSizeMB: 1.1, processingTimeSeconds: 2.5, totalRecords: 125 },
      }),
      // Stored before reasons had codes: its English words are all it has.
      buildUploadReport({
        id: 4, status: 'interrupted', success: false, errorsCsvUrl: null, timestamp: '2025-03-29T08:00:00.000Z', failure: null,
        message: 'Interrupted after 1200 rows (1000 written in committed batches). Import the file again to complete it: rows already written are updated, not duplicated.',
        summary: { fileName: 'old-run.csv', fileSizeMB: 3.2, processingTimeSeconds: 9.5, totalRecords: 1_200 },
      }),
    ],
    ...overrides,
  };
}

export function buildSitemaps(overrides: Partial<AdminSitemaps> = {}): AdminSitemaps {
  return {
    files: [
      { name: 'main.xml', path: '/sitemaps/main.xml', urlCount: 6 },
      { name: 'categories.xml', path: '/sitemaps/categories.xml', urlCount: 428 },
      { name: 'businesses/page-1.xml', path: '/sitemaps/businesses/page-1.xml', urlCount: 9_000 },
      { name: 'businesses/page-2.xml', path: '/sitemaps/businesses/page-2.xml', urlCount: 3_480 },
    ],
    totalUrls: 12_914,
    lastGenerated: '2025-03-30T03:00:00.000Z',
    ...overrides,
  };
}

export function buildReindexStatus(overrides: Partial<ReindexStatus> = {}): ReindexStatus {
  return {
    state: 'succeeded',
    startedAt: '2025-03-30T02:00:00.000Z',
    finishedAt: '2025-03-30T02:00:41.000Z',
    processed: 12_480,
    total: 12_480,
    documents: 12_480,
    seconds: 41.2,
    error: null,
    ...overrides,
  };
}

/** A 400 refusing `issues`, as the server answers it: English by field, and each refusal by code. */
export function buildRefusal(issues: FieldIssue[]): ApiRequestError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.field] ??= []).push(fieldReasonText(issue.code, issue.params as never));
  return new ApiRequestError(400, JSON.stringify({ error: { id: 'bad_request', message: 'Invalid request. …', fields, issues } }));
}
