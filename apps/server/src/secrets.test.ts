import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { generateUploadAppSecrets } from './db/seed/upload-seed';
import { parseEnv } from './env';
import { loadSecrets } from './secrets';
import { TEST_PRO_SETTINGS } from './test-utils/app';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'h5-secrets-unit-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A logger that records what it was given. */
function recordingLog() {
  const lines: Array<{ level: string; object: Record<string, unknown>; message: string }> = [];
  const at = (level: string) => (object: Record<string, unknown>, message: string) =>
    lines.push({ level, object, message });
  return { lines, log: { info: at('info'), warn: at('warn') } as unknown as FastifyBaseLogger };
}

describe('loadSecrets', () => {
  it('generates secrets once per data directory, prints them once outside pro, reuses them after', () => {
    const dir = freshDir();
    const first = recordingLog();
    const secrets = loadSecrets(parseEnv({ DATA_DIR: join(dir, 'nested') }), first.log);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]?.level).toBe('warn');
    expect(first.lines[0]?.object.uploadApps).toEqual(secrets.uploadApps);

    const second = recordingLog();
    expect(loadSecrets(parseEnv({ DATA_DIR: join(dir, 'nested') }), second.log)).toEqual(secrets);
    expect(second.lines).toEqual([]);

    const other = loadSecrets(parseEnv({ DATA_DIR: freshDir() }), recordingLog().log);
    expect(other.uploadApps['community-h5'].backstageCode).not.toBe(
      secrets.uploadApps['community-h5'].backstageCode,
    );
  });

  it('never prints them in pro', () => {
    const pro = recordingLog();
    loadSecrets(parseEnv({ DATA_DIR: freshDir(), APP_ENV: 'pro', ...TEST_PRO_SETTINGS }), pro.log);
    expect(pro.lines).toHaveLength(1);
    expect(pro.lines[0]?.object).toEqual({ file: expect.stringMatching(/secrets\.json$/) });
  });

  it('takes UPLOAD_APP_SECRETS when set, and writes no file', () => {
    const dir = freshDir();
    const configured = generateUploadAppSecrets();
    const env = parseEnv({ DATA_DIR: dir, UPLOAD_APP_SECRETS: JSON.stringify(configured) });
    expect(loadSecrets(env, recordingLog().log)).toEqual({ uploadApps: configured });
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });

  it('refuses a bad UPLOAD_APP_SECRETS or secrets file, naming the problem', () => {
    expect(() => parseEnv({ UPLOAD_APP_SECRETS: '{' })).toThrow(/UPLOAD_APP_SECRETS: must be JSON/);
    const { 'community-h5-private': _missing, ...onlyOne } = generateUploadAppSecrets();
    expect(() => parseEnv({ UPLOAD_APP_SECRETS: JSON.stringify(onlyOne) })).toThrow(
      /UPLOAD_APP_SECRETS: community-h5-private: /,
    );
    const weak = { ...generateUploadAppSecrets() };
    weak['community-h5'] = { ...weak['community-h5'], backstageCode: 'short' };
    expect(() => parseEnv({ UPLOAD_APP_SECRETS: JSON.stringify(weak) })).toThrow(
      /UPLOAD_APP_SECRETS: community-h5\.backstageCode: 数值过小：期望 string >=/,
    );
    const dir = freshDir();
    writeFileSync(join(dir, 'secrets.json'), '{"uploadApps": {}}');
    expect(() => loadSecrets(parseEnv({ DATA_DIR: dir }), recordingLog().log)).toThrow(
      /secrets\.json: uploadApps\.community-h5: /,
    );
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).toBe('{"uploadApps": {}}');
  });
});
