import type { ContactDetails } from '@directory/backend/shared/api-types.ts';
import { Link } from '../../../components/link.tsx';
import { LAST_UPDATED, LAST_UPDATED_ISO, type LegalDocument } from '../legal-document.ts';
import '../legal.css';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/legal-notice', label: 'Legal Notice' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

/** A legal page: title, last-updated date, table of contents and numbered sections. */
export function LegalPage({ document, contact }: { document: LegalDocument; contact: ContactDetails }) {
  const sections = document.sections(contact);
  return (
    <>
      <header className="hero legal-hero">
        <div className="container">
          <p className="legal-eyebrow">Legal</p>
          <h1>{document.title}</h1>
          <p className="legal-updated">
            Last updated: <time dateTime={LAST_UPDATED_ISO}>{LAST_UPDATED}</time>
          </p>
        </div>
      </header>
      <div className="container legal-layout">
        <aside className="legal-aside">
          <nav className="card legal-toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title">Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <nav className="card legal-related" aria-label="Other legal pages">
            <ul>
              {LEGAL_LINKS.filter((link) => link.to !== document.path).map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <article className="card legal-article">
          <p className="legal-summary">{document.summary}</p>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                <span className="legal-number">{index + 1}.</span> {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          <p className="legal-back">
            <Link to="/" className="button button-secondary">
              <span aria-hidden="true">←</span> Back to Home
            </Link>
          </p>
        </article>
      </div>
    </>
  );
}
