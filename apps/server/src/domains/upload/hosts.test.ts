import { describe, expect, it } from 'vitest';
import { storageHostRewrite } from './hosts';

describe('storageHostRewrite (STORAGE_HOST_DOMAIN)', () => {
  const rewrite = storageHostRewrite(['oss.example.com', 'localhost']);
  const at = (host: string | undefined, url: string) => rewrite({ url, headers: { host } });

  it('puts virtual-hosted requests ({bucket}.{domain}) under /oss/{bucket}', () => {
    expect(at('community-h5.oss.example.com', '/community-h5/a.png?uploads')).toBe(
      '/oss/community-h5/community-h5/a.png?uploads',
    );
    expect(at('Community-H5.OSS.example.com:8443', '/')).toBe('/oss/community-h5/');
    expect(at('community-h5.localhost:3000', '/k')).toBe('/oss/community-h5/k');
  });

  it('puts path-style requests ({domain}/{bucket}/{key}) under /oss', () => {
    expect(at('oss.example.com', '/community-h5/k?uploadId=1')).toBe('/oss/community-h5/k?uploadId=1');
    expect(at('localhost:41234', '/community-h5')).toBe('/oss/community-h5');
  });

  it('leaves every other host alone, and names that are no bucket', () => {
    expect(at('m.example.com', '/community/content/1')).toBe('/community/content/1');
    expect(at('evil-oss.example.com', '/x')).toBe('/x');
    expect(at('a.b.oss.example.com', '/x')).toBe('/x');
    expect(at(undefined, '/x')).toBe('/x');
    expect(storageHostRewrite([])({ url: '/x', headers: { host: 'oss.example.com' } })).toBe('/x');
  });
});
