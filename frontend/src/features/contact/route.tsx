import { data, type ActionFunctionArgs, type RouteObject } from 'react-router-dom';
import type { ContactDetails, HomepageData } from '@directory/backend/shared/api-types.ts';
import { getApiClient, isApiRequestError } from '../../lib/api-client.ts';
import type { PageMeta, RouteHandle } from '../../lib/page-meta.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { buildContactJsonLd } from './contact-details.ts';
import { fieldErrorsFromApi, readContactValues, readHoneypot, validateContact, type ContactErrors, type ContactValues } from './validation.ts';

export interface ContactPageData {
  totals: HomepageData['totals'];
  /** The operator's contact details (admin area); a detail not set is not shown. */
  contact: ContactDetails;
}

/** What the form shows after a submission. */
export type ContactActionData =
  | { status: 'sent' }
  | { status: 'invalid'; errors: ContactErrors; values: ContactValues }
  | { status: 'failed'; values: ContactValues };

async function loadContact(): Promise<ContactPageData> {
  const client = getApiClient();
  const [homepage, contact] = await Promise.all([client.homepage(), client.contactDetails()]);
  return { totals: homepage.totals, contact };
}

/**
 * Sends the contact form: the same rules as the browser check first (so a visitor without
 * JavaScript gets the same messages), then the API. Field errors answer 400; too many messages
 * from one address (429) and any other failure keep the form and show the error notice.
 */
async function sendContact({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = readContactValues(form);
  const errors = validateContact(values);
  if (Object.keys(errors).length > 0) return data<ContactActionData>({ status: 'invalid', errors, values }, { status: 400 });
  try {
    await getApiClient().sendContact({ ...values, website: readHoneypot(form) });
    return data<ContactActionData>({ status: 'sent' }, { status: 200 });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 400) {
      const apiErrors = fieldErrorsFromApi(error.body);
      if (Object.keys(apiErrors).length > 0) return data<ContactActionData>({ status: 'invalid', errors: apiErrors, values }, { status: 400 });
    }
    // Too many messages from this address: the same error notice, with the status that says why.
    if (isApiRequestError(error) && error.status === 429) return data<ContactActionData>({ status: 'failed', values }, { status: 429 });
    if (error instanceof Error) {
      console.error('Contact message could not be sent', error);
      return data<ContactActionData>({ status: 'failed', values }, { status: 500 });
    }
    throw error;
  }
}

const handle: RouteHandle<ContactPageData> = {
  meta: ({ contact }, _params, origin): PageMeta => ({
    title: 'Contact Us | Business Directory',
    description: 'Contact the Business Directory team: questions about listings, corrections, partnerships and advertising. We reply within 24 hours.',
    canonicalPath: '/contact',
    jsonLd: [{ ...buildContactJsonLd(contact), url: `${origin}/contact` }],
  }),
};

export const contactRoute: RouteObject = {
  path: 'contact',
  loader: loadContact,
  action: sendContact,
  lazy: lazyPage('contact/components/contact-page.tsx', 'ContactPage'),
  handle,
};
