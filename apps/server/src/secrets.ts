import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  generateUploadAppSecrets,
  type UploadAppSecrets,
  uploadAppSecretsSchema,
} from './db/seed/upload-seed';
import { type Env, isProduction } from './env';

/**
 * Secrets no installation may share with another (issue 11 point 9): the upload apps' backstage
 * codes, server-upload access tokens and secrets, and open client ids. From configuration
 * (UPLOAD_APP_SECRETS), else generated once per data directory into DATA_DIR/secrets.json (mode
 * 0600) and reused by every later start.
 */
export interface Secrets {
  uploadApps: UploadAppSecrets;
}

export const SECRETS_FILE = 'secrets.json';

const secretsFileSchema = z.object({ uploadApps: uploadAppSecretsSchema });

/** The secrets file's content, or null when there is none; a file that is not one stops the start. */
function readSecretsFile(path: string): Secrets | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not JSON: fix it or remove it to generate new secrets`);
  }
  const result = secretsFileSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return result.data;
}

/**
 * Writes the file unless it exists, atomically: a complete temp file (0600, fsynced) is linked
 * into place, which fails if another process got there first. Returns whether this call wrote it.
 */
function writeOnce(path: string, secrets: Secrets): boolean {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(secrets, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The secrets of this server: UPLOAD_APP_SECRETS when set; else DATA_DIR/secrets.json, generated
 * on the first start (and, outside `pro`, printed to the log that once, so a developer can use them).
 */
export function loadSecrets(env: Env, log: FastifyBaseLogger): Secrets {
  if (env.UPLOAD_APP_SECRETS) return { uploadApps: env.UPLOAD_APP_SECRETS };
  const dir = resolve(env.DATA_DIR);
  const path = join(dir, SECRETS_FILE);
  const existing = readSecretsFile(path);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true });
  const generated: Secrets = { uploadApps: generateUploadAppSecrets() };
  if (!writeOnce(path, generated)) return readSecretsFile(path) as Secrets;
  if (isProduction(env)) log.info({ file: path }, 'generated the upload app secrets (mode 0600)');
  else
    log.warn(
      { file: path, uploadApps: generated.uploadApps },
      'generated the upload app secrets, shown this once (set UPLOAD_APP_SECRETS to choose them)',
    );
  return generated;
}
