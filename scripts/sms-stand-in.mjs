// A local stand-in of Aliyun SMS (Dysmsapi SendSms, Version 2017-05-25) for tests and development
// (issue 31 point 2). It checks each request's RPC signature as Aliyun does — recomputed from the
// request's own parameters with the shared AccessKey secret, written apart from the server's
// signer — and answers in Aliyun's words: `{"Code":"OK","Message":"OK","BizId","RequestId"}`, or
// `SignatureDoesNotMatch`, `InvalidAccessKeyId.NotFound`, `SignatureNonceUsed`, … It records what
// it delivered (GET /_messages?phone=) and can be told to fail (POST /_fail).
//
//   node scripts/sms-stand-in.mjs [--port 4010] [--key-id ID] [--key-secret SECRET]
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The AccessKey the test servers send with (PRO_TEST_SETTINGS uses the same). */
export const SMS_STAND_IN_KEY = { id: 'LTAIstandin0000000001', secret: 'stand-in-sms-access-key-secret' };

// Aliyun's encoding: every byte but A-Z a-z 0-9 - _ . ~ as upper-case %XX of its UTF-8.
const UNRESERVED = /[A-Za-z0-9\-_.~]/;
function aliyunEncode(text) {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The signature Aliyun expects of `params` sent with `method`, keyed by `secret`. */
export function expectedSignature(method, params, secret) {
  const canonical = [...params.entries()]
    .filter(([name]) => name !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${aliyunEncode(name)}=${aliyunEncode(value)}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

const readBody = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * Starts the stand-in on `options.port` (0: a free one) of 127.0.0.1. Returns its URL (the
 * server's ALIYUN_SMS_ENDPOINT), what it delivered, `fail(mode, times)` and `stop()`.
 */
export async function startSmsStandIn(options = {}) {
  const keyId = options.keyId ?? SMS_STAND_IN_KEY.id;
  const keySecret = options.keySecret ?? SMS_STAND_IN_KEY.secret;
  /** @type {{ phone: string, signName: string, templateCode: string, params: Record<string, string>, bizId: string, at: string }[]} */
  const delivered = [];
  const nonces = new Set();
  /** The next failures: `{ mode: 'limit' | 'http500', left: number }`. */
  let failing = { mode: 'limit', left: 0 };
  let refused = 0;

  const answer = (response, status, body) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
  };
  const refuse = (response, status, Code, Message) => {
    refused += 1;
    answer(response, status, { Code, Message });
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    if (url.pathname === '/_messages') {
      const phone = url.searchParams.get('phone');
      const list = delivered.filter((m) => phone === null || m.phone === phone);
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ messages: list, refused }));
    }
    if (url.pathname === '/_fail' && request.method === 'POST') {
      const control = JSON.parse(body || '{}');
      failing = { mode: control.mode === 'http500' ? 'http500' : 'limit', left: Number(control.times ?? 1) };
      response.writeHead(204);
      return response.end();
    }
    if (url.pathname !== '/')
      return refuse(response, 404, 'InvalidAction.NotFound', 'Specified api is not found');
    const params =
      request.method === 'POST' ? new URLSearchParams(body) : new URLSearchParams(url.search.slice(1));
    const signature = params.get('Signature');
    if (params.get('AccessKeyId') !== keyId)
      return refuse(response, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0')
      return refuse(response, 400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    if (!signature || signature !== expectedSignature(request.method ?? 'GET', params, keySecret))
      return refuse(
        response,
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    const nonce = params.get('SignatureNonce') ?? '';
    if (nonce === '' || nonces.has(nonce))
      return refuse(response, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    const at = Date.parse(params.get('Timestamp') ?? '');
    if (!/Z$/.test(params.get('Timestamp') ?? '') || !(Math.abs(Date.now() - at) < 15 * 60_000))
      return refuse(
        response,
        400,
        'InvalidTimeStamp.Expired',
        'Specified time stamp or date header is expired.',
      );
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25')
      return refuse(response, 404, 'InvalidAction.NotFound', 'Specified api is not found');
    if (failing.left > 0) {
      failing.left -= 1;
      if (failing.mode === 'http500')
        return refuse(
          response,
          500,
          'InternalError',
          'The request processing has failed due to some unknown error.',
        );
      return answer(response, 200, {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发分钟级流控Permits:1',
      });
    }
    let templateParams = {};
    try {
      templateParams = JSON.parse(params.get('TemplateParam') ?? '{}');
    } catch {
      return answer(response, 200, {
        Code: 'isv.INVALID_JSON_PARAM',
        Message: 'JSON参数不合法，只接受字符串值',
      });
    }
    const bizId = `${Date.now()}^${Math.floor(Math.random() * 1e10)}`;
    delivered.push({
      phone: params.get('PhoneNumbers') ?? '',
      signName: params.get('SignName') ?? '',
      templateCode: params.get('TemplateCode') ?? '',
      params: templateParams,
      bizId,
      at: new Date().toISOString(),
    });
    return answer(response, 200, { Code: 'OK', Message: 'OK', BizId: bizId });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    delivered,
    /** The codes delivered to `phone`, oldest first. */
    codes: (phone) => delivered.filter((m) => m.phone === phone).map((m) => m.params.code),
    /** Requests refused (bad signature, key, nonce, time). */
    refused: () => refused,
    fail(mode = 'limit', times = 1) {
      failing = { mode, left: times };
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const standIn = await startSmsStandIn({
    port: Number(arg('--port') ?? 4010),
    keyId: arg('--key-id'),
    keySecret: arg('--key-secret'),
  });
  console.log(
    `Aliyun SMS stand-in on ${standIn.url} (GET /_messages?phone=, POST /_fail {"mode":"limit"|"http500","times":n})`,
  );
}
