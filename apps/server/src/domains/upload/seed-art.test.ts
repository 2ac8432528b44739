import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils';
import { renderSeedArt } from './seed-art';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seed art CDN path', () => {
  it('renders a deterministic SVG of the requested size, cached forever, under the CDN CSP', async () => {
    const res = await t.app.inject('/cdn/seed/c12-1.svg?w=750&h=1000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'; sandbox",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toMatch(/^<svg [^>]*width="750" height="1000"/);
    expect(res.body).toBe(renderSeedArt('c12-1', 750, 1000));
    expect(renderSeedArt('c12-2', 750, 1000)).not.toBe(res.body);
  });

  it('refuses absurd sizes and names that are not a seed name', async () => {
    const res = await t.app.inject('/cdn/seed/x.svg?w=99999&h=10');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'InvalidArgument',
      message: 'w: 数值过大：期望 number <=2000',
    });
    const markup = await t.app.inject('/cdn/seed/%3Cscript%3E.svg');
    expect(markup.statusCode).toBe(400);
    expect(markup.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'; sandbox",
    );
  });

  it('draws covers of six kinds: not one sneaker for every picture', () => {
    const covers = Array.from({ length: 60 }, (_, i) => renderSeedArt(`c${i + 1}-1`, 600, 600));
    // The drawing's paths (in its own 200 × 100 frame, whatever the size): six kinds over 60 covers.
    const kinds = new Set(covers.map((svg) => [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]).join('|')));
    expect(kinds.size).toBe(6);
  });

  it('draws avatars as people that differ in more than colour: hair styles and glasses', () => {
    const avatars = Array.from({ length: 60 }, (_, i) => renderSeedArt(`avatar-${i + 1}`, 160, 160));
    // The drawing's shapes without any colour: five hair styles, with and without glasses.
    const shapes = new Set(
      avatars.map((svg) =>
        [...svg.matchAll(/ d="([^"]*)"|<circle cx="(\d+)" cy="(\d+)" r="(\d+)"/g)]
          .map((m) => m.slice(1).join(','))
          .join('|'),
      ),
    );
    expect(shapes.size).toBeGreaterThanOrEqual(8);
    const skins = new Set(
      avatars.map((svg) => svg.match(/<circle cx="50" cy="42" r="20" fill="(#[0-9a-f]{6})"/)?.[1]),
    );
    expect(skins).toEqual(new Set(['#f6d5bd', '#eab894', '#c98c66', '#8d5a3b']));
  });
});
