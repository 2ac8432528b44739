import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedSignature, type SmsStandIn, startSmsStandIn } from '../../../../scripts/sms-stand-in.mjs';
import { PRO_TEST_SETTINGS } from '../../../../scripts/start-server.mjs';
import { testEnv } from '../test-utils/app';
import { aliyunRpcSignature, createAliyunSender, percentEncode } from './aliyun';

// The worked example of Aliyun's SMS documentation ("HTTP 协议及签名", help.aliyun.com/document_detail/101343):
// AccessKeySecret testSecret, these parameters by GET.
const DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Aliyun RPC signature', () => {
  it("reproduces the documentation's example", () => {
    expect(aliyunRpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it("encodes as Aliyun does: space %20, * %2A, ~ kept, ! ' ( ) escaped, UTF-8 bytes", () => {
    expect(percentEncode("a b*c~d!e'f(g)h+i/j=k&")).toBe('a%20b%2Ac~d%21e%27f%28g%29h%2Bi%2Fj%3Dk%26');
    expect(percentEncode('短信')).toBe('%E7%9F%AD%E4%BF%A1');
  });

  it("agrees with the stand-in's own check on awkward values, and a changed value breaks it", () => {
    const params = { ...DOC_PARAMS, TemplateParam: '{"code":"012345"}', SignName: "社区 (测试)*~!'" };
    const ours = aliyunRpcSignature('POST', params, 'k3y');
    expect(expectedSignature('POST', new URLSearchParams(params), 'k3y')).toBe(ours);
    expect(aliyunRpcSignature('POST', { ...params, PhoneNumbers: '15300000002' }, 'k3y')).not.toBe(ours);
    expect(aliyunRpcSignature('GET', params, 'k3y')).not.toBe(ours);
  });
});

describe('the Aliyun sender against the stand-in', () => {
  let standIn: SmsStandIn;
  beforeAll(async () => {
    standIn = await startSmsStandIn();
  });
  afterAll(() => standIn.stop());
  const sender = (overrides: Record<string, string> = {}) =>
    createAliyunSender(testEnv({ ...PRO_TEST_SETTINGS, ALIYUN_SMS_ENDPOINT: standIn.url, ...overrides }));

  it('delivers the code through the template variable `code` under the sign name', async () => {
    const result = await sender().send({ phone: '13800000001', purpose: 'login', code: '042517' });
    expect(result.ok).toBe(true);
    const [message] = standIn.delivered.filter((m) => m.phone === '13800000001');
    expect(message).toMatchObject({
      signName: '社区测试',
      templateCode: 'SMS_000000001',
      params: { code: '042517' },
    });
    expect(result).toEqual({ ok: true, providerId: message?.bizId });
  });

  it('is refused SignatureDoesNotMatch with the wrong secret, and nothing is delivered', async () => {
    const before = standIn.refused();
    const result = await sender({ ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' }).send({
      phone: '13800000002',
      purpose: 'login',
      code: '111111',
    });
    expect(result).toEqual({ ok: false, errorCode: 'SignatureDoesNotMatch' });
    expect(standIn.refused()).toBe(before + 1);
    expect(standIn.codes('13800000002')).toEqual([]);
  });

  it("reports the provider's refusal, a 500 and an unreachable endpoint as failures", async () => {
    standIn.fail('limit', 1);
    expect(await sender().send({ phone: '13800000003', purpose: 'invite', code: '1' })).toEqual({
      ok: false,
      errorCode: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    standIn.fail('http500', 1);
    expect(await sender().send({ phone: '13800000003', purpose: 'invite', code: '2' })).toEqual({
      ok: false,
      errorCode: 'InternalError',
    });
    expect(
      await sender({ ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9' }).send({
        phone: '13800000003',
        purpose: 'invite',
        code: '3',
      }),
    ).toEqual({
      ok: false,
      errorCode: 'NETWORK',
    });
    expect(standIn.codes('13800000003')).toEqual([]);
  });
});
