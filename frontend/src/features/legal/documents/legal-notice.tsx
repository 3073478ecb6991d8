import { COMPANY_ADDRESS, COMPANY_NAME, LEGAL_EMAIL, type LegalDocument } from '../legal-document.ts';

export const legalNotice: LegalDocument = {
  path: '/legal-notice',
  title: 'Legal Notice',
  description: 'Legal information about Business Directory: the company behind the site, registration, management, insurance, intellectual property and dispute resolution.',
  summary: 'This notice identifies the company that publishes Business Directory and sets out the legal framework that applies to the site.',
  sections: [
    {
      id: 'company',
      title: 'Company Information',
      body: (
        <ul>
          <li>Publisher: {COMPANY_NAME}</li>
          <li>Registered office: {COMPANY_ADDRESS}</li>
          <li>Telephone: +1 555 010 2040</li>
          <li>Email: {LEGAL_EMAIL}</li>
        </ul>
      ),
    },
    {
      id: 'registration',
      title: 'Registration',
      body: (
        <p>
          {COMPANY_NAME} is a corporation registered in the State of Delaware, United States, and registered to do business in the Commonwealth of Pennsylvania. Its
          registration details and tax identification number are available on request from {LEGAL_EMAIL}.
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
            The site’s design, software, texts, logos and the compilation of the directory are protected by copyright, trademark and database rights and belong to {COMPANY_NAME}
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
          <p>Write to {LEGAL_EMAIL} describing the issue. We acknowledge every complaint within 5 business days and try to resolve it within 30 days.</p>
          <h3>Mediation</h3>
          <p>If direct discussion fails, either party may propose mediation by an independent mediator agreed by both parties, with costs shared equally.</p>
          <h3>Arbitration</h3>
          <p>Disputes not settled by mediation may be submitted to binding arbitration under the rules of the American Arbitration Association, held in Philadelphia, Pennsylvania.</p>
          <h3>Court</h3>
          <p>
            Where arbitration is not permitted by law, or for claims within small-claims limits, disputes go to the competent courts of Philadelphia County, Pennsylvania. Consumers
            keep any right to bring proceedings in the courts of their country of residence that mandatory law gives them.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      body: <p>This notice and the use of the site are governed by the laws of the Commonwealth of Pennsylvania and the federal laws of the United States, without regard to conflict-of-law rules.</p>,
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
          Legal notices, intellectual property complaints and requests from authorities should be sent to {LEGAL_EMAIL} or by post to {COMPANY_NAME}, Legal Department,{' '}
          {COMPANY_ADDRESS}.
        </p>
      ),
    },
  ],
};
