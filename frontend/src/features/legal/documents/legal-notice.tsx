import { telHref } from '../../../lib/format.ts';
import { postalAddressOf, ReachUs, WaysToWrite } from '../components/ways-to-write.tsx';
import type { LegalDocument } from '../legal-document.ts';

export const legalNotice: LegalDocument = {
  path: '/legal-notice',
  title: 'Legal Notice',
  description: 'Legal information about Business Directory: the company behind the site, registration, management, insurance, intellectual property and dispute resolution.',
  summary: 'This notice identifies the company that publishes Business Directory and sets out the legal framework that applies to the site.',
  sections: (contact) => [
    {
      id: 'company',
      title: 'Company Information',
      body: (
        <ul>
          <li>Publisher: {contact.organisationName}</li>
          {contact.addressLines.length > 0 && <li>Address: {contact.addressLines.join(', ')}</li>}
          {contact.phoneLines[0] && (
            <li>
              Telephone: <a href={telHref(contact.phoneLines[0].number)}>{contact.phoneLines[0].number}</a>
            </li>
          )}
          {contact.legalEmail ? (
            <li>
              Email: <a href={`mailto:${contact.legalEmail}`}>{contact.legalEmail}</a>
            </li>
          ) : (
            <li>
              Contact: <ReachUs email={null} />
            </li>
          )}
        </ul>
      ),
    },
    {
      id: 'registration',
      title: 'Registration',
      body: (
        <p>
          The registration details and tax identification number of {contact.organisationName} are available on request: write to us <ReachUs email={contact.legalEmail} />.
        </p>
      ),
    },
    {
      id: 'management',
      title: 'Management',
      body: (
        <p>
          The company is managed by its board of directors. The chief executive officer is the director of publication and is responsible for the content published on the
          site. Editorial questions about listings can be sent to the listings team through the contact page.
        </p>
      ),
    },
    {
      id: 'insurance',
      title: 'Professional Insurance',
      body: (
        <p>
          The company holds professional liability and cyber liability insurance with a licensed insurer, covering its directory and advertising activities worldwide. Details of
          the policy are available to business partners on request.
        </p>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      body: (
        <>
          <p>
            The site’s design, software, texts, logos and the compilation of the directory are protected by copyright, trademark and database rights and belong to {contact.organisationName}{' '}
            or its licensors. Business names, logos and photos remain the property of their owners.
          </p>
          <p>
            You may link to any page of the site. Systematic copying or extraction of the directory, in whole or in substantial part, requires our prior written permission.
          </p>
        </>
      ),
    },
    {
      id: 'dispute-resolution',
      title: 'Dispute Resolution',
      body: (
        <>
          <p>We aim to settle any disagreement quickly and fairly, in four steps:</p>
          <h3>Direct resolution</h3>
          <p>Write to us <ReachUs email={contact.legalEmail} /> describing the issue. We acknowledge every complaint within 5 business days and try to resolve it within 30 days.</p>
          <h3>Mediation</h3>
          <p>If direct discussion fails, either party may propose mediation by an independent mediator agreed by both parties, with costs shared equally.</p>
          <h3>Arbitration</h3>
          <p>Disputes not settled by mediation may be submitted to binding arbitration before a recognised arbitration institution, held where {contact.organisationName} has its seat.</p>
          <h3>Court</h3>
          <p>
            Where arbitration is not permitted by law, or for claims within small-claims limits, disputes go to the competent courts where {contact.organisationName} has its seat. Consumers
            keep any right to bring proceedings in the courts of their country of residence that mandatory law gives them.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      body: (
        <p>
          This notice and the use of the site are governed by the laws of the country where {contact.organisationName} has its seat, without regard to conflict-of-law rules.
        </p>
      ),
    },
    {
      id: 'compliance',
      title: 'Regulatory Compliance',
      body: (
        <p>
          We process personal data in line with the EU General Data Protection Regulation (GDPR), the UK GDPR, the California Consumer Privacy Act (CCPA) and other applicable
          privacy laws, as described in our Privacy Policy and Cookie Policy. Advertising on the site is clearly identified as such.
        </p>
      ),
    },
    {
      id: 'legal-contact',
      title: 'Legal Contact',
      body: (
        <p>
          Legal notices, intellectual property complaints and requests from authorities should be sent to us{' '}
          <WaysToWrite email={contact.legalEmail} postal={postalAddressOf(contact, 'Legal Department')} />.
        </p>
      ),
    },
  ],
};
