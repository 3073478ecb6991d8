import type { RouteObject } from 'react-router-dom';
import type { ContactDetails } from '@directory/backend/shared/api-types.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { getApiClient } from '../../lib/api-client.ts';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { LAST_UPDATED_ISO, LEGAL_PATHS } from './legal-document.ts';

/** Loader data of a legal page: its path and head text (the server renders <head> from them), and the operator's contact details the text names. */
export interface LegalPageData {
  path: string;
  title: string;
  description: string;
  contact: ContactDetails;
}

/** The document's head text, read from its module: the documents' text stays out of the other pages' scripts. */
async function loadLegalPage(path: string): Promise<LegalPageData> {
  const [{ legalDocumentAt }, contact] = await Promise.all([import('./components/legal-document-page.tsx'), getApiClient().contactDetails()]);
  const { title, description } = legalDocumentAt(path);
  return { path, title, description, contact };
}

const handle: RouteHandle<LegalPageData> = {
  meta: ({ path, title, description }, _params, origin): PageMeta => ({
    title: `${title} | Business Directory`,
    description,
    canonicalPath: path,
    ogType: 'article',
    jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebPage', url: origin + path, name: title, dateModified: LAST_UPDATED_ISO, description }],
  }),
};

const legalPage = lazyPage('legal/components/legal-document-page.tsx', 'LegalDocumentPage');

export const legalRoutes: RouteObject[] = LEGAL_PATHS.map((path) => ({
  path: path.slice(1),
  loader: () => loadLegalPage(path),
  lazy: legalPage,
  handle,
}));
