import type { ReactNode } from 'react';
import type { ContactDetails } from '@directory/backend/shared/api-types.ts';

export const LAST_UPDATED = 'December 12, 2025';
export const LAST_UPDATED_ISO = '2025-12-12';

export interface LegalSection {
  /** Anchor of the section, used by the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

/** One legal page: its path, head text, introduction and numbered sections (naming the operator and its addresses as set in the admin area). */
export interface LegalDocument {
  path: string;
  title: string;
  description: string;
  summary: string;
  sections: (contact: ContactDetails) => LegalSection[];
}

/** Where the legal pages are published (each document's `path` is one of them). */
export const LEGAL_PATHS = ['/privacy-policy', '/legal-notice', '/terms-of-service', '/cookie-policy'] as const;
