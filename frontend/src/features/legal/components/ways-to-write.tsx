import { Fragment, type ReactNode } from 'react';
import type { ContactDetails } from '@directory/backend/shared/api-types.ts';
import { Link } from '../../../components/link.tsx';

function ContactPageLink() {
  return (
    <>
      through our <Link to="/contact">contact page</Link>
    </>
  );
}

function MailLink({ email }: { email: string }) {
  return (
    <>
      at <a href={`mailto:${email}`}>{email}</a>
    </>
  );
}

/** "at name@domain" (a mail link) when the operator set the address, else "through our contact page": it follows "write to us". */
export function ReachUs({ email }: { email: string | null }) {
  return email ? <MailLink email={email} /> : <ContactPageLink />;
}

/** "A", "A or B", "A, B or C". */
function joinedWithOr(parts: ReactNode[]) {
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index === 0 ? '' : index === parts.length - 1 ? ' or ' : ', '}
      {part}
    </Fragment>
  ));
}

/** Where letters go: the organisation (its `department` when given) at the operator's address; null when no address is set. */
export function postalAddressOf(contact: ContactDetails, department?: string): string | null {
  if (contact.addressLines.length === 0) return null;
  return [contact.organisationName, ...(department ? [department] : []), ...contact.addressLines].join(', ');
}

/** Every way to write to us, after "sent to us": by email when `email` is set, through the contact page, and by post when `postal` is set. */
export function WaysToWrite({ email, postal = null }: { email: string | null; postal?: string | null }) {
  const parts: ReactNode[] = [
    ...(email ? [<MailLink email={email} />] : []),
    <ContactPageLink />,
    ...(postal ? [<>by post to {postal}</>] : []),
  ];
  return <>{joinedWithOr(parts)}</>;
}
