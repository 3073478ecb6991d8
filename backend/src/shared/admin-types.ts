/**
 * Shapes of every admin JSON response (the admin API contract). The admin screens import
 * these types, so client and server cannot drift.
 */
import type { BusinessStatus } from './api-types.ts';
import type { AuditDetail } from './audit-details.ts';
import type { AuditSubject } from './audit-targets.ts';
import type { ImportReason } from './import-reasons.ts';

export interface AdminLoginResponse {
  success: true;
  message: string;
  username: string;
  csrfToken: string;
}

export interface AdminLoginFailure {
  success: false;
  message: string;
  error: { id: 'invalid_login'; message: string };
}

export interface AdminSession {
  username: string;
  csrfToken: string;
  /** ISO time the session ends unless used before (idle expiry, capped by the absolute one). */
  expiresAt: string;
}

export interface AdminSuccess {
  success: true;
}

export interface AdminCategoryShare {
  category: string;
  count: number;
  /** 0..1 of totalBusinesses */
  share: number;
}

export interface AdminStats {
  totalBusinesses: number;
  approvedBusinesses: number;
  /** The demo generator's businesses ("test data", `is_demo = 1`), the kept count: what "delete test data" deletes. */
  testBusinesses: number;
  /**
   * Categories, countries and cities a visitor can see: the search index's, of public businesses,
   * one per slug (as the lists and the sitemap count them); the record's while the index cannot be
   * reached (`siteFigures`).
   */
  totalCategories: number;
  totalCountries: number;
  totalCities: number;
  /** Where the three totals above come from: the search index, or the record while the index cannot be reached. */
  siteFigures: 'index' | 'record';
  /**
   * Category names in the record, as the admin list's filter and the export offer them: two
   * spellings of one slug ("Café", "Cafe") count twice, a category of no public business once.
   */
  categoryNames: number;
  unreadMessages: number;
  /** top 8 */
  categories: AdminCategoryShare[];
  system: {
    recordBytes: number;
    indexBytes: number;
    engine: 'sqlite' | 'meilisearch';
    indexLag: { pendingChanges: number; oldestPendingSeconds: number | null };
    memoryRssBytes: number;
    uptimeSeconds: number;
  };
  visitors: {
    today: number;
    /** last 30 days, oldest first, zero-filled */
    days: { date: string; count: number }[];
  };
}

export type AuditResult = 'success' | 'info' | 'warning' | 'error';

export interface AdminActivityItem {
  id: number;
  /** ISO */
  at: string;
  /** As stored: an AuditAction (audit-actions.ts), or one of a version that had others. */
  action: string;
  target: string | null;
  result: AuditResult;
  address: string | null;
  /** In English, for people reading the API ("2 of 2 businesses deleted: 60, 59"). */
  detail: string | null;
  /** The detail by code (backend/src/shared/audit-details.ts), for a client to word it; null for entries stored before codes were kept. */
  outcome: AuditDetail | null;
  /** The record or request `target` names, read from it (null for a user or file name, which is shown as it is). */
  subject: AuditSubject | null;
}

export interface AdminActivityPage {
  items: AdminActivityItem[];
  pagination: { page: number; totalPages: number; total: number };
}

export interface UploadReport {
  id: number;
  success: boolean;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  timestamp: string;
  /** A dry run: the file was read and checked, nothing was written (its counts are what it would have written). */
  isDryRun: boolean;
  /** Why a failed or interrupted import stopped, in English ("The file is empty: …"); null otherwise. */
  message: string | null;
  /** The same by code, for the admin screens' Turkish; null when it did not fail, or failed before codes were kept (then `message` alone says why). */
  failure: ImportReason | null;
  /** Where its error and skipped rows download as CSV; null when it has none. */
  errorsCsvUrl: string | null;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  results: {
    inserted: number;
    /** Businesses the record held before the file and the file updated (in-file repeats apart, as the report card counts them). */
    updated: number;
    /**
     * Rows repeating a place of an earlier row of the file (the last one wins); null for a report
     * stored without that count (a run that stopped before this was kept), whose `updated` counts them too.
     */
    repeated: number | null;
    skipped: number;
    errors: number;
    updateRate: number;
    skipRate: number;
  };
  duplicateAnalysis: {
    excelDuplicateCount: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
    uniquePlaceIds: number;
    totalDuplicateRecords: number;
    duplicateRate: number;
  };
}

export interface AdminBusinessListItem {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  city: string | null;
  country: string | null;
  rating: number | null;
  reviewCount: number;
  phone: string | null;
  address: string | null;
  isApproved: boolean;
  createdAt: string;
  placeId: string | null;
  countryCode: string | null;
  url: string | null;
  status: BusinessStatus;
}

export interface AdminBusinessPage {
  businesses: AdminBusinessListItem[];
  pagination: {
    page: number;
    limit: number;
    totalPages: number;
    total: number;
    isTotalExact: boolean;
    /** 'atLeast': more than `total` match ("10,000+"); 'atMost': `total` is an upper bound. */
    totalBound: 'exact' | 'atLeast' | 'atMost';
    /** `after=` of the next page, null on the last (keyset paging; no OFFSET past the first pages). */
    nextCursor: string | null;
    /** `before=` of the previous page, null on the first. */
    prevCursor: string | null;
  };
}

export interface AdminBusiness {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  type: string | null;
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  reviewsLink: string | null;
  photo: string | null;
  logo: string | null;
  locatedIn: string | null;
  /** day -> hours text */
  workingHours: Record<string, string> | null;
  verified: boolean;
  /** The stored text (plain text or JSON). */
  about: string | null;
  placeId: string | null;
  createdAt: string;
  updatedAt: string;
  url: string | null;
  isApproved: boolean;
  /** 'temporarily_closed' when an import (Google's CLOSED_TEMPORARILY) or an operator marked it ("Geçici olarak kapalı"). */
  status: BusinessStatus;
}

/** The editable fields of AdminBusiness, as the server saves them (PUT /api/admin/businesses/:id). */
export type AdminBusinessEdit = Pick<
  AdminBusiness,
  | 'name' | 'category' | 'type' | 'street' | 'city' | 'postalCode' | 'country' | 'countryCode' | 'phone'
  | 'latitude' | 'longitude' | 'about' | 'verified' | 'isApproved'
> & {
  /** Each left out: the record's value stays (a link an import stored that the save would refuse blocks no other field). */
  url?: AdminBusiness['url'];
  photo?: AdminBusiness['photo'];
  /** Left out: the record's hours stay as they are (hours an import could not read stay untouched). */
  workingHours?: AdminBusiness['workingHours'];
  /** Left out: the record's line stays, or is rebuilt from the street, city, postal code and country when one of them changed. */
  fullAddress?: AdminBusiness['fullAddress'];
  /** Each left out: the record's value stays. */
  rating?: AdminBusiness['rating'];
  reviews?: AdminBusiness['reviews'];
  reviewsLink?: AdminBusiness['reviewsLink'];
  logo?: AdminBusiness['logo'];
  locatedIn?: AdminBusiness['locatedIn'];
  /** Left out: the mark stays as it is. */
  status?: AdminBusiness['status'];
};

/**
 * The body of PUT /api/admin/businesses/:id: the edit, coordinates, rating and review count also
 * as the text a form holds ("41,0082"). The server reads them and answers every bad field of a body at once.
 */
export type AdminBusinessEditBody = Omit<AdminBusinessEdit, 'latitude' | 'longitude' | 'rating' | 'reviews'> & {
  latitude: number | string | null;
  longitude: number | string | null;
  rating?: number | string | null;
  reviews?: number | string | null;
};

export interface AdminToggleApproval {
  success: true;
  isApproved: boolean;
}

/** What a bulk call does to each business it names: approve it, mark it pending (not approved), or delete it. */
export type AdminBulkAction = 'approve' | 'unapprove' | 'delete';

/** The answer of `POST /api/admin/businesses/bulk`. */
export interface AdminBulkResult {
  success: true;
  action: AdminBulkAction;
  /** Businesses the call changed (one already in the asked state is not changed). */
  changedCount: number;
  /** Ids named that no business has (deleted meanwhile, or never existed), in the order given. */
  notFoundIds: number[];
  /** What happened, as the admin screens say it ("3 işletme onaylandı"). */
  message: string;
}

/** A category and how many businesses it holds (`GET /api/admin/category-counts`). */
export interface AdminCategoryCount {
  category: string;
  count: number;
}

export interface AdminDeleteResult {
  success: true;
  deletedCount: number;
  message: string;
}

export interface AdminFixSlugsResult {
  success: true;
  successCount: number;
  totalProcessed: number;
  checkpointEnabled: true;
  message: string;
}

export interface AdminSiteSettings {
  head_tags: string;
  footer_tags: string;
  analytics_code: string;
  facebook_pixel: string;
}

/**
 * The operator's contact details as saved (`GET` and `PUT /api/admin/contact-details`, the PUT's
 * body too): a detail not set is null or empty; no fallback applied (an empty legal email stays null).
 */
export interface AdminContactDetails {
  organisationName: string;
  addressLines: string[];
  supportEmail: string | null;
  legalEmail: string | null;
  privacyEmail: string | null;
  /** At most five, in the order shown. */
  phoneLines: { label: string | null; number: string }[];
  businessHours: string[];
}

export interface AdminAdvertisementCodes {
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
}

export interface AdminMessage {
  id: number;
  name: string;
  email: string;
  company: string;
  phone: string;
  subject: string;
  message: string;
  createdAt: string;
  isRead: boolean;
  isHandled: boolean;
}

export interface AdminMessagePage {
  messages: AdminMessage[];
  pagination: { page: number; totalPages: number; total: number };
  unread: number;
}

export interface AdminShare {
  count: number;
  share: number;
}

export interface AdminReports {
  byCountry: { code: string; name: string; count: number }[];
  /** top 50 */
  byCategory: { category: string; count: number }[];
  missing: { phone: AdminShare; coordinates: AdminShare; hours: AdminShare; photo: AdminShare };
  notApproved: number;
  total: number;
  /** history, newest first, 50 */
  imports: UploadReport[];
}

export interface AdminSitemaps {
  files: { name: string; path: string; urlCount: number }[];
  totalUrls: number;
  lastGenerated: string | null;
}

export interface ReindexStatus {
  state: 'idle' | 'running' | 'succeeded' | 'failed';
  startedAt: string | null;
  finishedAt: string | null;
  processed: number;
  total: number | null;
  documents: number | null;
  seconds: number | null;
  error: string | null;
}

/** Sort keys and directions of `GET /api/admin/businesses`. */
export type AdminSortBy = 'name' | 'rating' | 'reviewCount' | 'createdAt';
export type AdminSortOrder = 'asc' | 'desc';

/** The `status` filter of `GET /api/admin/messages`. */
export type AdminMessageStatus = 'all' | 'unread' | 'handled';

export interface AdminClearCacheResult {
  success: true;
  message: string;
}
