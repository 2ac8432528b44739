import type { Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { loginOnWebPage, setSessionCookies } from './support/web-login';

/**
 * Issue 11 point 11: `?redirect=` after login never leaves the site. Browsers drop tab, CR and LF
 * anywhere in a URL, so `/\t/evil.example/` is `//evil.example/` to them; CR, LF and U+3000 in
 * a Location header used to be an HTTP 500.
 */
const VECTORS: [raw: string, location: string][] = [
  ['/%09/evil.example/', '/'],
  ['/%0A/evil.example/', '/'],
  ['/%0D%0A/evil.example/', '/'],
  ['/%0D/evil.example/', '/'],
  ['/%E3%80%80/evil.example', '/%E3%80%80/evil.example'],
  ['%5C%5Cevil.example', '/'],
  ['/%5Cevil.example', '/'],
  ['javascript:alert(1)', '/'],
  ['http:evil.example', '/'],
  ['///evil.example', '/'],
  ['/.//evil.example', '/'],
  ['%2F%2Fevil.example', '/'],
  ['/community/feed?tab=1', '/community/feed?tab=1'],
];

describe('login redirect: the logged-in loader’s redirect (real HTTP)', () => {
  const baseURL = inject('baseURL');

  it.each(VECTORS)('?redirect=%s answers a same-origin Location %s, never a 500', async (raw, location) => {
    const { duToken, xAuthToken } = await apiLogin(baseURL);
    const response = await fetch(`${baseURL}/login?redirect=${raw}`, {
      redirect: 'manual',
      headers: { cookie: `duToken=${duToken}; x-auth-token=${xAuthToken}` },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
    // As a browser resolves it (dropping tabs and newlines): still this site.
    expect(new URL(response.headers.get('location') ?? '', baseURL).origin).toBe(new URL(baseURL).origin);
  });

  it('other redirects of the pages stay on the site too (login gate, share and jump paths)', async () => {
    const gated = await fetch(
      `${baseURL}/feedback/accuse?targetType=content&targetId=1&x=%09//evil.example`,
      {
        redirect: 'manual',
      },
    );
    expect(gated.status).toBe(302);
    const login = new URL(gated.headers.get('location') ?? '', baseURL);
    expect(login.origin).toBe(new URL(baseURL).origin);
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('redirect')).toMatch(
      /^\/feedback\/accuse\?targetType=content&targetId=1&x=/,
    );
    const share = await fetch(`${baseURL}/note/details?id=1`, { redirect: 'manual' });
    expect(share.headers.get('location')).toBe('/community/content/1');
    for (const path of ['/note/details?id=%09//evil.example', '/community/trend?trendId=//evil.example']) {
      const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get('location'), path).toBeNull();
    }
  });
});

describe('login redirect in the browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');
  const evil = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<p>evil</p>' });

  it('logging in with ?redirect=/%09/evil.example/ stays on the site', async () => {
    const page = await phone.newPage();
    await page.route('http://evil.example/**', evil);
    await page.goto(`${baseURL}/login?redirect=/%09/evil.example/`);
    await loginOnWebPage(page);
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHydration(page);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
    await page.getByTestId('viewer').waitFor();
    await page.context().close();
  });

  it('a logged-in user opening /login?redirect=/%0D%0A/evil.example/ lands on the site', async () => {
    const page = await phone.newPage();
    await page.route('http://evil.example/**', evil);
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    const response = await page.goto(`${baseURL}/login?redirect=/%0D%0A/evil.example/`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
