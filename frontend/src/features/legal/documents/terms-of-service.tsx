import { ReachUs, WaysToWrite } from '../components/ways-to-write.tsx';
import type { LegalDocument } from '../legal-document.ts';

export const termsOfService: LegalDocument = {
  path: '/terms-of-service',
  title: 'Terms of Service',
  description: 'The terms that apply when you use Business Directory: our services, accounts, acceptable use, content rules, liability, termination and changes.',
  summary: 'These terms govern your use of Business Directory. By visiting or using the site you agree to them, so please read them carefully.',
  sections: (contact) => [
    {
      id: 'services',
      title: 'Our Services',
      body: (
        <>
          <p>
            {contact.organisationName} operates a worldwide directory of local businesses. Visitors can search and browse listings by category, country and city, read ratings and opening
            hours, view locations on a map and contact us. We aim for 99.9% uptime and keep our data more than 95% accurate through regular updates and moderation, but the
            Service is provided “as is” and may occasionally be unavailable for maintenance.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts',
      body: (
        <p>
          Visitors do not need an account. Accounts are issued to administrators and business partners only; account holders must keep their credentials confidential, are
          responsible for activity under their account, and must tell us immediately <ReachUs email={contact.legalEmail} /> about any unauthorised use.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Allowed and Prohibited Activities',
      body: (
        <>
          <h3>You may</h3>
          <ul>
            <li>search, browse and view listings for personal or business purposes;</li>
            <li>share links to listings and contact the businesses listed;</li>
            <li>send us corrections and listing requests.</li>
          </ul>
          <h3>You may not</h3>
          <ul>
            <li>scrape, crawl or copy the directory in bulk, or build a competing database from it;</li>
            <li>submit false, misleading, defamatory or unlawful information;</li>
            <li>impersonate a business or person, or misrepresent your relationship with them;</li>
            <li>interfere with the Service, probe its security, or overload it with automated requests;</li>
            <li>use the Service to send spam or unsolicited advertising.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'content-guidelines',
      title: 'Content Guidelines and Moderation',
      body: (
        <>
          <p>
            Information you submit must be accurate, relate to a real business and respect the rights of others. Our moderation team reviews about 10,000 submissions a week, using
            automated checks and human review. We may edit, decline or remove content that breaks these terms, and we may verify business details before publishing them.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      body: (
        <p>
          The Service and its compilation of listings are owned by {contact.organisationName} and protected by law. When you submit content you grant us a worldwide, non-exclusive, royalty-free
          licence to publish, adapt and display it as part of the Service. You confirm that you have the right to grant this licence.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: 'Privacy',
      body: <p>Our Privacy Policy and Cookie Policy explain how we handle personal information. They form part of these terms.</p>,
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <p>
          Listings describe third-party businesses; we do not guarantee their services, prices, hours or availability, and any dealings with them are between you and the business.
          To the fullest extent permitted by law, we are not liable for indirect, incidental or consequential losses, and our total liability for any claim is limited to one
          hundred US dollars. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <>
          <p>If you break these terms we may restrict your access, in proportion to the breach:</p>
          <ul>
            <li><strong>Warning:</strong> a first or minor breach receives a written warning explaining the problem.</li>
            <li><strong>Temporary suspension:</strong> repeated or serious breaches may lead to a suspension of up to 30 days.</li>
            <li><strong>Review:</strong> before a permanent decision, the case is reviewed by a second member of staff and you may explain your side.</li>
            <li><strong>Permanent termination:</strong> severe or continued breaches lead to a permanent ban and removal of the related content.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'dispute-resolution',
      title: 'Dispute Resolution',
      body: (
        <p>
          Please contact us first <ReachUs email={contact.legalEmail} />; most concerns are resolved this way. Disputes that cannot be settled informally follow the process set out in our Legal Notice:
          mediation, then arbitration, then the competent courts. These terms are governed by the laws of the country where {contact.organisationName} has its seat.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these terms as the Service evolves. For material changes we give at least 30 days’ notice on the site before they take effect. Continuing to use the
          Service after that date means you accept the updated terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms can be sent to us <WaysToWrite email={contact.legalEmail} />. We reply within 24 hours on
          business days.
        </p>
      ),
    },
  ],
};
