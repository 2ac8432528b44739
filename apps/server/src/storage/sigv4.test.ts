import { describe, expect, it } from 'vitest';
import { amzDateOf, EMPTY_SHA256, signV4 } from './sigv4';

// AWS Signature Version 4 test suite, "get-vanilla".
const SUITE = {
  accessKeyId: 'AKIDEXAMPLE',
  secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
};

describe('signV4', () => {
  it('reproduces the get-vanilla vector', () => {
    const amzDate = amzDateOf(new Date('2015-08-30T12:36:00Z'));
    expect(amzDate).toBe('20150830T123600Z');
    const result = signV4(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/'),
        headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': amzDate },
        payloadHash: EMPTY_SHA256,
        amzDate,
        region: SUITE.region,
        service: SUITE.service,
        accessKeyId: SUITE.accessKeyId,
      },
      SUITE.secret,
    );
    expect(result.canonicalRequest).toBe(
      `GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n${EMPTY_SHA256}`,
    );
    expect(result.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    );
    expect(result.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('sorts and encodes the query (get-vanilla-query-order-key-case)', () => {
    const amzDate = '20150830T123600Z';
    const result = signV4(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
        headers: { host: 'example.amazonaws.com', 'x-amz-date': amzDate },
        payloadHash: EMPTY_SHA256,
        amzDate,
        region: SUITE.region,
        service: SUITE.service,
        accessKeyId: SUITE.accessKeyId,
      },
      SUITE.secret,
    );
    expect(result.canonicalRequest.split('\n')[2]).toBe('Param1=value1&Param2=value2');
    expect(result.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });
});
