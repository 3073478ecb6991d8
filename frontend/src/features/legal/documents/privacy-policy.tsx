import { postalAddressOf, ReachUs, WaysToWrite } from '../components/ways-to-write.tsx';
import type { LegalDocument } from '../legal-document.ts';

export const privacyPolicy: LegalDocument = {
  path: '/privacy-policy',
  title: 'Privacy Policy',
  description: 'How Business Directory collects, uses, shares and protects personal information, and the rights you have over it.',
  summary:
    'We built Business Directory to help people find local businesses, not to profile them. This policy explains what information we collect when you use the site, why we collect it, who we share it with and the choices you have.',
  sections: (contact) => [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            This Privacy Policy applies to the Business Directory website and its related services (together, the “Service”), operated by {contact.organisationName} (“we”, “us”, “our”). It
            describes how we handle personal information about visitors, about people who contact us, and about people associated with the businesses listed in the directory.
          </p>
          <p>By using the Service you acknowledge the practices described here. If you do not agree with them, please do not use the Service.</p>
        </>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      body: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li>Messages sent through our contact form: your name, email address, subject and message, and optionally your company and phone number.</li>
            <li>Corrections or listing requests you send about a business, including the details you choose to include.</li>
          </ul>
          <h3>Information collected automatically</h3>
          <ul>
            <li>Technical data such as IP address, browser type, device type, operating system, referring page and the pages you visit, with timestamps.</li>
            <li>Search terms and locations entered in our search forms, used in aggregate to improve results.</li>
            <li>Information stored in cookies and similar technologies, as described in our Cookie Policy.</li>
          </ul>
          <h3>Business listing information</h3>
          <p>
            Listings contain publicly available business information such as business name, address, telephone number, website, opening hours, category, ratings and review
            counts. Where a listing names a sole trader, this information may relate to an identifiable person.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Information',
      body: (
        <ul>
          <li>To operate the directory: show listings, maps, opening hours and search results.</li>
          <li>To answer your messages and handle requests to correct or remove a listing.</li>
          <li>To keep the Service secure, detect abuse and prevent fraudulent or automated misuse.</li>
          <li>To understand, in aggregate, how the Service is used so we can improve it.</li>
          <li>To show advertising that helps keep the directory free for visitors.</li>
          <li>To meet legal obligations and enforce our Terms of Service.</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'How We Share Information',
      body: (
        <>
          <p>We do not sell personal information. We share it only in these cases:</p>
          <ul>
            <li>With service providers who host the Service, deliver email, provide analytics or serve advertising, under contracts that limit their use of the data.</li>
            <li>With map and tile providers, which receive your IP address when your browser loads a map.</li>
            <li>When required by law, court order or a valid request from a public authority.</li>
            <li>To protect the rights, property or safety of our users, the public or ourselves.</li>
            <li>As part of a merger, acquisition or sale of assets, in which case this policy continues to apply to the transferred information.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Data Security',
      body: (
        <p>
          We protect information with encryption in transit (HTTPS), access controls limited to staff who need it, server-side authentication for administrative tools, and
          regular backups. No method of transmission or storage is perfectly secure, but we work to protect your information and will notify you and the relevant authorities of a
          breach where the law requires it.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      body: (
        <>
          <p>Depending on where you live, you may have the right to:</p>
          <ul>
            <li>access the personal information we hold about you and receive a copy of it;</li>
            <li>correct information that is inaccurate or incomplete, including business listing details;</li>
            <li>ask us to delete your information or remove a listing;</li>
            <li>object to or restrict certain processing, including direct marketing;</li>
            <li>withdraw consent where processing is based on consent;</li>
            <li>lodge a complaint with your local data protection authority.</li>
          </ul>
          <p>To exercise these rights, write to us <ReachUs email={contact.privacyEmail} />. We answer within 30 days and may ask you to confirm your identity first.</p>
        </>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International Transfers',
      body: (
        <p>
          We and our service providers may process information in countries other than your own, including the United States. When we transfer personal information out of the
          European Economic Area, the United Kingdom or Switzerland, we rely on safeguards such as the European Commission’s Standard Contractual Clauses or an adequacy decision.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'Data Retention',
      body: (
        <ul>
          <li>Contact messages: kept for up to 24 months after the conversation ends, then deleted.</li>
          <li>Server logs: kept for up to 90 days for security and troubleshooting.</li>
          <li>Analytics data: kept in aggregated or pseudonymised form for up to 24 months.</li>
          <li>Business listings: kept while the business operates, or until a valid removal request is processed.</li>
        </ul>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          Questions about this policy or about your information can be sent to us <WaysToWrite email={contact.privacyEmail} postal={postalAddressOf(contact)} />. We reply to privacy requests
          within 30 days.
        </p>
      ),
    },
  ],
};
