import { describe, expect, it } from 'vitest';
import { ossAuthorization, ossCanonicalResource, ossStringToSign } from './oss-wire';

describe('ossStringToSign (OSS V1 header signing)', () => {
  it('signs verb, Content-MD5, Content-Type, x-oss-date, every x-oss- header sorted, then the resource', () => {
    expect(
      ossStringToSign({
        method: 'put',
        headers: {
          'X-OSS-Security-Token': ' tok ',
          'x-oss-date': 'Mon, 23 Nov 2026 10:00:00 GMT',
          'Content-Type': 'application/octet-stream',
          'User-Agent': 'not signed',
          'x-oss-object-acl': 'private',
        },
        bucket: 'community-h5',
        key: 'community-h5/u1/a.bin',
        query: [
          ['uploadId', 'U1'],
          ['partNumber', '3'],
        ],
      }),
    ).toBe(
      [
        'PUT',
        '',
        'application/octet-stream',
        'Mon, 23 Nov 2026 10:00:00 GMT',
        'x-oss-date:Mon, 23 Nov 2026 10:00:00 GMT',
        'x-oss-object-acl:private',
        'x-oss-security-token:tok',
        '/community-h5/community-h5/u1/a.bin?partNumber=3&uploadId=U1',
      ].join('\n'),
    );
  });

  it('takes Date when there is no x-oss-date', () => {
    const text = ossStringToSign({
      method: 'GET',
      headers: { Date: 'Mon, 23 Nov 2026 10:00:00 GMT' },
      bucket: 'b1',
      key: 'k',
      query: [],
    });
    expect(text).toBe('GET\n\n\nMon, 23 Nov 2026 10:00:00 GMT\n/b1/k');
  });

  it('keeps only sub-resources in the resource, a bare name for an empty value', () => {
    expect(
      ossCanonicalResource('b1', 'k', [
        ['uploads', ''],
        ['max-parts', '10'],
        ['encoding-type', 'url'],
      ]),
    ).toBe('/b1/k?uploads');
    expect(ossCanonicalResource('b1', '', [])).toBe('/b1/');
    expect(ossAuthorization('STS.a', 'c2ln')).toBe('OSS STS.a:c2ln');
  });
});
