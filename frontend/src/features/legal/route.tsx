import type { RouteObject } from 'react-router-dom';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { LegalPage } from './components/legal-page.tsx';
import { cookiePolicy } from './documents/cookie-policy.tsx';
import { legalNotice } from './documents/legal-notice.tsx';
import { privacyPolicy } from './documents/privacy-policy.tsx';
import { termsOfService } from './documents/terms-of-service.tsx';
import { LAST_UPDATED_ISO, type LegalDocument } from './legal-document.ts';

/** Loader data of a legal page: static text, so only its path (the server renders <head> from it). */
interface LegalPageData {
  path: string;
}

function legalRoute(document: LegalDocument): RouteObject {
  const handle: RouteHandle<LegalPageData> = {
    meta: (): PageMeta => ({
      title: `${document.title} | Business Directory`,
      description: document.description,
      canonicalPath: document.path,
      ogType: 'article',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebPage', name: document.title, dateModified: LAST_UPDATED_ISO, description: document.description }],
    }),
  };
  return {
    path: document.path.slice(1),
    loader: (): LegalPageData => ({ path: document.path }),
    element: <LegalPage document={document} />,
    handle,
  };
}

export const legalRoutes: RouteObject[] = [privacyPolicy, legalNotice, termsOfService, cookiePolicy].map(legalRoute);
