import { ReachUs } from '../components/ways-to-write.tsx';
import type { LegalDocument } from '../legal-document.ts';

const COOKIE_TYPES = [
  { type: 'Essential', firstParty: 3, thirdParty: 0, examples: 'session, csrf_token, cookie_consent', provider: 'Business Directory', purpose: 'Keep the site secure, remember your cookie choices and keep administrators signed in.' },
  { type: 'Analytics', firstParty: 2, thirdParty: 3, examples: '_ga, _gid, _ym_uid', provider: 'Google Analytics, Yandex Metrica', purpose: 'Count visits and understand, in aggregate, which pages and searches are useful.' },
  { type: 'Marketing', firstParty: 0, thirdParty: 4, examples: '_fbp, IDE, test_cookie', provider: 'Meta, Google Ad Manager', purpose: 'Show relevant advertisements and measure how they perform.' },
  { type: 'Preference', firstParty: 2, thirdParty: 0, examples: 'view_mode, recent_location', provider: 'Business Directory', purpose: 'Remember choices such as grid or list view and your last searched location.' },
];

const RETENTION = [
  { kind: 'Preference cookies', duration: '1 year' },
  { kind: 'Analytics cookies', duration: '24 months' },
  { kind: 'Marketing cookies', duration: '90 days' },
  { kind: 'Authentication cookies', duration: '30 days' },
];

export const cookiePolicy: LegalDocument = {
  path: '/cookie-policy',
  title: 'Cookie Policy',
  description: 'Which cookies Business Directory uses, why, for how long, and how you can manage them.',
  summary: 'This policy explains the cookies and similar technologies we use on Business Directory, what they do and how you can control them.',
  sections: (contact) => [
    {
      id: 'what-are-cookies',
      title: 'What Are Cookies',
      body: (
        <>
          <p>
            Cookies are small text files that a website stores in your browser. First-party cookies are set by Business Directory itself; third-party cookies are set by other
            services whose content or scripts appear on our pages, such as analytics and advertising providers.
          </p>
          <div className="legal-table-wrap" role="region" aria-label="Number of cookies per type" tabIndex={0}>
            <table className="legal-table">
              <caption className="visually-hidden">Number of cookies per type</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">First-party</th>
                  <th scope="col">Third-party</th>
                </tr>
              </thead>
              <tbody>
                {COOKIE_TYPES.map((row) => (
                  <tr key={row.type}>
                    <th scope="row">{row.type}</th>
                    <td>{row.firstParty}</td>
                    <td>{row.thirdParty}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ),
    },
    {
      id: 'types',
      title: 'Types of Cookies We Use',
      body: (
        <div className="legal-table-wrap" role="region" aria-label="Cookie types with examples and providers" tabIndex={0}>
          <table className="legal-table">
            <caption className="visually-hidden">Cookie types with examples and providers</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Purpose</th>
                <th scope="col">Examples</th>
                <th scope="col">Provider</th>
              </tr>
            </thead>
            <tbody>
              {COOKIE_TYPES.map((row) => (
                <tr key={row.type}>
                  <th scope="row">{row.type}</th>
                  <td>{row.purpose}</td>
                  <td><code>{row.examples}</code></td>
                  <td>{row.provider}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ),
    },
    {
      id: 'duration',
      title: 'Duration and Retention',
      body: (
        <>
          <p>Session cookies are deleted when you close your browser. Persistent cookies stay for a set period:</p>
          <ul>
            {RETENTION.map((row) => (
              <li key={row.kind}>
                {row.kind}: {row.duration}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'managing',
      title: 'Managing Your Preferences',
      body: (
        <>
          <p>
            You can block or delete cookies in your browser settings; most browsers also let you refuse third-party cookies only. Blocking essential cookies may stop parts of the
            site, such as the administration area, from working.
          </p>
          <p>Where the law requires consent, we ask for it before setting non-essential cookies, and you can:</p>
          <ul>
            <li>give or refuse consent separately for analytics, marketing and preference cookies;</li>
            <li>withdraw your consent at any time, with effect for the future;</li>
            <li>ask us for a list of the cookies set in your browser and an export of your consent records by writing to us <ReachUs email={contact.privacyEmail} />.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'third-party',
      title: 'Third-Party Services',
      body: (
        <p>
          Analytics, advertising and map services on our pages may set their own cookies and receive your IP address. They process this data under their own privacy policies:
          Google (Analytics and Ad Manager), Meta (Pixel), Yandex (Metrica) and OpenStreetMap (map tiles). Advertisement slots are clearly labelled.
        </p>
      ),
    },
    {
      id: 'compliance',
      title: 'International Compliance',
      body: (
        <ul>
          <li>European Union and United Kingdom: GDPR, UK GDPR and the ePrivacy rules: consent before non-essential cookies.</li>
          <li>California: the CCPA as amended by the CPRA: the right to opt out of the sale or sharing of personal information.</li>
          <li>Other jurisdictions, including Brazil (LGPD), Canada (PIPEDA) and Australia (Privacy Act 1988): handled in line with local requirements.</li>
        </ul>
      ),
    },
    {
      id: 'updates-contact',
      title: 'Updates and Contact',
      body: (
        <p>
          We review this policy regularly as our services reach visitors in 195+ countries. We give 30 days’ notice on the site before material changes take effect. Questions about
          cookies can be sent to us <ReachUs email={contact.privacyEmail} />; we respond within 24 hours.
        </p>
      ),
    },
  ],
};
