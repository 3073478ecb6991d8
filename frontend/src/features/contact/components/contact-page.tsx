import { useLoaderData } from 'react-router-dom';
import type { ContactDetails } from '@directory/backend/shared/api-types.ts';
import { formatRoundedPlus, telHref } from '../../../lib/format.ts';
import { splitHoursLine } from '../contact-details.ts';
import type { ContactPageData } from '../route.tsx';
import { ContactForm } from './contact-form.tsx';
import '../contact.css';

function Icon({ path }: { path: string }) {
  return (
    <span className="contact-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </span>
  );
}

/** The operator's address, phone lines, support email and hours: each only when set, the card only when one is. */
function ContactDetailsCard({ contact }: { contact: ContactDetails }) {
  const { addressLines, phoneLines, supportEmail, businessHours } = contact;
  if (addressLines.length === 0 && phoneLines.length === 0 && supportEmail === null && businessHours.length === 0) return null;
  return (
    <section className="card contact-card" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Contact details</h2>
      {addressLines.length > 0 && (
        <div className="contact-item">
          <Icon path="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z" />
          <div>
            <h3>Office address</h3>
            <address>
              {addressLines.map((line, index) => (
                <span key={index}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          </div>
        </div>
      )}
      {phoneLines.length > 0 && (
        <div className="contact-item">
          <Icon path="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
          <div>
            <h3>Phone</h3>
            <ul className="contact-lines">
              {phoneLines.map((line, index) => (
                <li key={index}>
                  {line.label && <span className="muted">{line.label}</span>}
                  <a href={telHref(line.number)}>{line.number}</a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {supportEmail && (
        <div className="contact-item">
          <Icon path="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm17 1-9 7-9-7" />
          <div>
            <h3>Email</h3>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            <p className="muted contact-small">We answer every message within 24 hours.</p>
          </div>
        </div>
      )}
      {businessHours.length > 0 && (
        <div className="contact-item">
          <Icon path="M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
          <div className="contact-item-body">
            <h3>Business hours</h3>
            <ul className="contact-hours">
              {businessHours.map(splitHoursLine).map((line, index) => (
                <li key={index}>
                  {line.days && <span className="contact-hours-days">{line.days}</span>}
                  <span className={line.isClosed ? 'contact-hours-time contact-closed' : 'contact-hours-time'}>{line.hours}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}

export function ContactPage() {
  const { totals, contact } = useLoaderData() as ContactPageData;
  const stats = [
    { label: 'Businesses listed', value: formatRoundedPlus(totals.businesses) },
    { label: 'Categories', value: formatRoundedPlus(totals.categories) },
    { label: 'Countries', value: formatRoundedPlus(totals.countries) },
    { label: 'Cities', value: formatRoundedPlus(totals.cities) },
  ];

  return (
    <>
      <section className="hero contact-hero" aria-labelledby="contact-title">
        <div className="container">
          <h1 id="contact-title">Contact Us</h1>
          <p className="contact-lead">
            Have a question about a listing, want to correct your business details or talk about advertising? Our team is here to help.
          </p>
        </div>
      </section>

      <div className="container contact-layout">
        <div className="contact-aside">
          <ContactDetailsCard contact={contact} />

          <section className="card contact-card contact-stats" aria-labelledby="contact-stats-title">
            <h2 id="contact-stats-title">Platform statistics</h2>
            <dl>
              {stats.map((stat) => (
                <div key={stat.label}>
                  <dd>{stat.value}</dd>
                  <dt>{stat.label}</dt>
                </div>
              ))}
            </dl>
          </section>
        </div>

        <ContactForm />
      </div>
    </>
  );
}
