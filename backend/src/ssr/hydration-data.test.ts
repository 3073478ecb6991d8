import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp;

/** A name that tries to end the script it is written into. */
const HOSTILE_NAME = 'Bakery </script><script>window.injected = 1</script> \u2028 & Co';

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: HOSTILE_NAME, category: 'Bakery' })], { withPages: true });
});

afterAll(() => app.close());

interface HydrationData {
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: Record<string, { __type: string; status?: number; statusText?: string; internal?: boolean; data?: unknown }> | null;
}

/** The page's route data for the browser's router: the one script that sets it, parsed. */
async function hydrationData(path: string): Promise<{ status: number; html: string; data: HydrationData }> {
  const response = await app.get(path);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script nonce="[^"]+">window\.__staticRouterHydrationData = (.*?);<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return { status: response.status, html, data: JSON.parse(scripts[0]![1]!) as HydrationData };
}

describe("the route data handed to the browser's router", () => {
  it("is the page's loader data as JSON, every character of its text intact and none able to end the script", async () => {
    const slug = app.deps.record.prepare('SELECT slug FROM businesses').pluck().get() as string;
    const { status, html, data } = await hydrationData(`/business/${slug}`);
    expect(status).toBe(200);
    const business = Object.values(data.loaderData).find((value) => value !== null && typeof value === 'object' && 'business' in value) as { business: { name: string } };
    expect(business.business.name).toBe(HOSTILE_NAME);
    expect(data.errors).toBeNull();
    expect(html).not.toContain('<script>window.injected');
  });

  it("carries a missing place's 404 as React Router's route error, for the browser to show the same page", async () => {
    const { status, data } = await hydrationData('/business/no-such-business-abc123');
    expect(status).toBe(404);
    const errors = Object.values(data.errors ?? {});
    expect(errors).toEqual([expect.objectContaining({ __type: 'RouteErrorResponse', status: 404, internal: false })]);
    expect(errors[0]!.data).toMatchObject({ message: expect.stringMatching(/^Business not found/) });
  });
});
