/**
 * The admin screens' loaders. They run on the server for the first page (in-process, with the
 * request's cookie) and in the browser afterwards; without a session they redirect to the login page.
 */
import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { AdminMessageStatus } from '@directory/backend/shared/admin-types.ts';
import { isApiRequestError } from '../../lib/api-client.ts';
import { createAdminApi, type AdminApi } from './api/admin-api.ts';
import { ADMIN_PAGE_SIZE, listRefusalText, parseBusinessListQuery, type BusinessListQuery } from './business-list-query.ts';
import { loginPathFor, safeNextPath } from './login-next.ts';

// The admin chunk imports nothing that lives only in the visitors' entry chunk (route-errors,
// layout): a shared module would make the bundler split that chunk and grow every visitor page.
function notFoundResponse(message: string): never {
  throw data({ message }, { status: 404 });
}

/** The `page` query parameter: a positive number, else 1. */
function pageFromUrl(url: string): number {
  const raw = new URL(url).searchParams.get('page');
  return raw !== null && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : 1;
}

function apiFor(request: Request): AdminApi {
  const url = new URL(request.url);
  return createAdminApi({
    request,
    onUnauthorized: () => {
      throw redirect(loginPathFor(url));
    },
  });
}

/** A figure the screen can do without: null when its call fails (a 401 still redirects). */
async function optional<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isApiRequestError(error) && error.status !== 401) return null;
    throw error;
  }
}

export async function loginLoader({ request }: LoaderFunctionArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  // Already signed in: straight on to where the operator was going. Any refusal means the form.
  const session = await createAdminApi({ request })
    .session()
    .catch((error: unknown) => {
      if (isApiRequestError(error)) return null;
      throw error;
    });
  if (session) throw redirect(next);
  return { next };
}

export async function layoutLoader({ request }: LoaderFunctionArgs) {
  const api = apiFor(request);
  const [session, messages] = await Promise.all([api.session(), optional(api.messages('unread', 1, 1))]);
  return { session, unread: messages?.unread ?? null };
}

export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const api = apiFor(request);
  const [stats, uploadReports, activity] = await Promise.all([api.stats(), api.uploadReports(), api.activity(1, 10)]);
  return { stats, uploadReports, activity };
}

export async function activityLoader({ request }: LoaderFunctionArgs) {
  return { activity: await apiFor(request).activity(pageFromUrl(request.url), 20) };
}

/** The business list, or the server's refusal of its query (a 400) for the screen to show beside its filters. */
async function businessListOrRefusal(api: AdminApi, query: BusinessListQuery) {
  try {
    return { list: await api.businesses(query, ADMIN_PAGE_SIZE), refusal: null };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 400) return { list: null, refusal: listRefusalText(error) };
    throw error;
  }
}

export async function businessesLoader({ request }: LoaderFunctionArgs) {
  const api = apiFor(request);
  const query = parseBusinessListQuery(new URL(request.url).searchParams);
  const [{ list, refusal }, categories, stats] = await Promise.all([businessListOrRefusal(api, query), api.categoryCounts(), optional(api.stats())]);
  return { query, list, refusal, categories, stats };
}

export async function businessEditLoader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) notFoundResponse('Business not found');
  try {
    return { business: await apiFor(request).business(id) };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) notFoundResponse('Business not found');
    throw error;
  }
}

export async function settingsLoader({ request }: LoaderFunctionArgs) {
  const api = apiFor(request);
  const [settings, sitemaps] = await Promise.all([api.siteSettings(), optional(api.sitemaps())]);
  return { settings, sitemaps };
}

export async function contactDetailsLoader({ request }: LoaderFunctionArgs) {
  return { details: await apiFor(request).contactDetails() };
}

export async function advertisementsLoader({ request }: LoaderFunctionArgs) {
  return { codes: await apiFor(request).advertisementCodes() };
}

const MESSAGE_STATUSES: readonly AdminMessageStatus[] = ['all', 'unread', 'handled'];

export async function messagesLoader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('status');
  const status = MESSAGE_STATUSES.find((value) => value === raw) ?? 'all';
  return { status, page: await apiFor(request).messages(status, pageFromUrl(request.url), 20) };
}

export async function reportsLoader({ request }: LoaderFunctionArgs) {
  return { reports: await apiFor(request).reports() };
}

/** The rebuild's status, and the kept counts the confirmations name (without them, they say it without a number). */
export async function maintenanceLoader({ request }: LoaderFunctionArgs) {
  const api = apiFor(request);
  const [reindex, stats] = await Promise.all([api.reindexStatus(), optional(api.stats())]);
  return { reindex, stats };
}

/** Screens whose data the layout already checked (the session): they load nothing of their own. */
export function emptyLoader() {
  return {};
}

/**
 * An /admin path that names no screen: answered 404, its screen rendered in the layout (a thrown
 * 404 would replace the layout with the error screen, sidebar and all).
 */
export function notFoundLoader() {
  return data(null, { status: 404 });
}
