import { useLoaderData } from 'react-router-dom';
import { cookiePolicy } from '../documents/cookie-policy.tsx';
import { legalNotice } from '../documents/legal-notice.tsx';
import { privacyPolicy } from '../documents/privacy-policy.tsx';
import { termsOfService } from '../documents/terms-of-service.tsx';
import type { LegalDocument } from '../legal-document.ts';
import type { LegalPageData } from '../route.tsx';
import { LegalPage } from './legal-page.tsx';

const DOCUMENTS: LegalDocument[] = [privacyPolicy, legalNotice, termsOfService, cookiePolicy];

/** The legal document published at `path`. */
export function legalDocumentAt(path: string): LegalDocument {
  const document = DOCUMENTS.find((candidate) => candidate.path === path);
  if (!document) throw new Error(`No legal document at ${path}`);
  return document;
}

/** The legal page of the route's path (the documents' text loads only with a legal page). */
export function LegalDocumentPage() {
  const { path, contact } = useLoaderData() as LegalPageData;
  return <LegalPage document={legalDocumentAt(path)} contact={contact} />;
}
