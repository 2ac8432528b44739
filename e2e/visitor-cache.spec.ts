import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';

/**
 * Issue 19 point 2 (DESIGN.md §8): a visitor's feed and content pages may be a second old and a
 * CDN may keep them that long; a signed-in reader's pages are never shared. Real HTTP.
 */
describe('visitor pages are public for a second, signed-in pages private', () => {
  const baseURL = inject('baseURL');

  it('marks the feed and a content page public for a visitor, private for a signed-in reader', async () => {
    const tokens = await apiLogin(baseURL);
    const cookie = `duToken=${encodeURIComponent(tokens.duToken)}; x-auth-token=${encodeURIComponent(tokens.xAuthToken)}`;
    for (const path of ['/', '/community/content/5']) {
      const visitor = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(visitor.status).toBe(200);
      expect(visitor.headers.get('cache-control')).toBe('public, max-age=1, stale-while-revalidate=1');
      expect(visitor.headers.get('vary')).toBe('cookie, dutoken, x-auth-token, user-agent, accept-encoding');
      expect(visitor.headers.get('set-cookie')).toBeNull();
      const reader = await fetch(`${baseURL}${path}`, { headers: { cookie } });
      expect(reader.status).toBe(200);
      expect(reader.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it("leaves a page without public reads unmarked (the login page: only the root loader's client-conf)", async () => {
    const page = await fetch(`${baseURL}/login`);
    expect(page.headers.get('cache-control') ?? '').not.toContain('public');
  });
});
