import { describe, expect, it } from 'vitest';
import { h5UploadConfig } from './upload-config';

describe('h5UploadConfig', () => {
  it('is the app gateway on x-auth-token in strict picture mode, monitored per env and user', () => {
    expect(h5UploadConfig('t1', 42)).toEqual({
      appId: 'community-h5',
      gateway: 'app',
      gatewayKey: 'x-auth-token',
      cookieKey: 'x-auth-token',
      strictPictureApp: true,
      monitorName: 'community-h5',
      monitorEnv: 't1',
      monitorUser: '42',
    });
  });

  it("monitors a visitor as 'visitor'", () => {
    expect(h5UploadConfig('local', null).monitorUser).toBe('visitor');
  });
});
