import { expect, type APIRequestContext, type Page } from '@playwright/test';

interface Grant {
  uploadToken: string;
  single: { url: string; headers: Record<string, string> };
}

/** A live link transfer of one small text file, sent the way quick send does it (draft, bytes to storage, complete); answers its slug. */
export async function sendTextFile(api: APIRequestContext, token: string, name: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const bytes = Buffer.from(`${name}: packing list\n`);
  const draftRes = await api.post('/api/v1/transfers', { headers, data: { sendAs: 'link', files: [{ name, size: bytes.length, contentType: 'text/plain' }] } });
  expect(draftRes.status(), await draftRes.text()).toBe(201);
  const draft = (await draftRes.json()) as { id: string; slug: string; uploads: Grant[] };
  for (const grant of draft.uploads) expect((await api.put(grant.single.url, { headers: grant.single.headers, data: bytes })).status()).toBe(200);
  const done = await api.post(`/api/v1/transfers/${draft.id}/complete`, { headers, data: { uploads: draft.uploads.map((u) => ({ uploadToken: u.uploadToken })) } });
  expect(done.status(), await done.text()).toBe(200);
  return draft.slug;
}

/** The page's own session (its refresh cookie, shared with page.request): another login would count as one. */
export async function accessTokenOf(page: Page): Promise<string> {
  const res = await page.request.post('/api/v1/auth/refresh');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
