import { createHmac, randomUUID } from 'node:crypto';
import type { Env } from '../env';
import type { SmsSender } from './types';

const SEND_TIMEOUT_MS = 10_000;

/**
 * Aliyun's percent-encoding of RPC parameters: RFC 3986 unreserved characters stay, everything
 * else is %XX of its UTF-8 bytes (upper-case hex), so space is %20, `*` %2A and `~` stays.
 */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): the parameters but
 * Signature sorted by name and percent-encoded into `k=v&…`; the string to sign is
 * `METHOD&%2F&` + that query percent-encoded again; HMAC-SHA1 keyed with `secret&`, base64.
 */
export function aliyunRpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const query = Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(query)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** The UTC timestamp Aliyun wants: `2017-07-12T02:42:19Z` (no milliseconds). */
const aliyunTimestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * Aliyun SMS (Dysmsapi SendSms, Version 2017-05-25), a POSTed form signed as above: the template
 * ALIYUN_SMS_TEMPLATE_CODE with one variable, `code`, under the sign name ALIYUN_SMS_SIGN_NAME.
 * `Code: OK` is a delivery accepted (BizId its id); any other Code, an HTTP error or no answer
 * within 10 s is a failure carrying Aliyun's Code (or `HTTP_<status>` / `NETWORK`).
 */
export function createAliyunSender(env: Env): SmsSender {
  const { ALIYUN_SMS_ENDPOINT, ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET } = env;
  const { ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE } = env;
  if (
    !ALIYUN_SMS_ACCESS_KEY_ID ||
    !ALIYUN_SMS_ACCESS_KEY_SECRET ||
    !ALIYUN_SMS_SIGN_NAME ||
    !ALIYUN_SMS_TEMPLATE_CODE
  )
    throw new Error(
      'SMS_DRIVER=aliyun needs the ALIYUN_SMS_* variables (env.ts refuses to start without them)',
    );
  return {
    driver: 'aliyun',
    async send({ phone, code }) {
      const params: Record<string, string> = {
        AccessKeyId: ALIYUN_SMS_ACCESS_KEY_ID,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: 'cn-hangzhou',
        SignName: ALIYUN_SMS_SIGN_NAME,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: ALIYUN_SMS_TEMPLATE_CODE,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: aliyunTimestamp(new Date()),
        Version: '2017-05-25',
      };
      params.Signature = aliyunRpcSignature('POST', params, ALIYUN_SMS_ACCESS_KEY_SECRET);
      const body = Object.entries(params)
        .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
        .join('&');
      let response: Response;
      try {
        response = await fetch(`${ALIYUN_SMS_ENDPOINT.replace(/\/$/, '')}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch {
        return { ok: false, errorCode: 'NETWORK' };
      }
      const answer = (await response.json().catch(() => null)) as { Code?: unknown; BizId?: unknown } | null;
      if (answer?.Code === 'OK' && typeof answer.BizId === 'string')
        return { ok: true, providerId: answer.BizId };
      const errorCode = typeof answer?.Code === 'string' ? answer.Code : `HTTP_${response.status}`;
      return { ok: false, errorCode };
    },
  };
}
