import type { ReactNode } from 'react';

export const LAST_UPDATED = 'December 12, 2025';
export const LAST_UPDATED_ISO = '2025-12-12';
export const LEGAL_EMAIL = 'legal@example.com';
export const PRIVACY_EMAIL = 'privacy@example.com';
export const COMPANY_NAME = 'Business Directory Inc.';
export const COMPANY_ADDRESS = '1250 Market Street, Suite 400, Philadelphia, PA 19107, United States';

export interface LegalSection {
  /** Anchor of the section, used by the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

/** One legal page: its path, head text, introduction and numbered sections. */
export interface LegalDocument {
  path: string;
  title: string;
  description: string;
  summary: string;
  sections: LegalSection[];
}

/** Where the legal pages are published (each document's `path` is one of them). */
export const LEGAL_PATHS = ['/privacy-policy', '/legal-notice', '/terms-of-service', '/cookie-policy'] as const;
