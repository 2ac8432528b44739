import type { UploadToken } from '@h5/contract';
import { responseError, send } from './send';
import type { StorageContext } from './storage-context';
import { isCredentialRefusal } from './token-source';

/** The PostObject form of spec §7, fields in the protocol's order, the file last. */
export function postObjectForm(
  token: UploadToken,
  key: string,
  file: Blob & { name: string },
  objectAcl: StorageContext['objectAcl'],
): FormData {
  const form = new FormData();
  form.append('OSSAccessKeyId', token.accessKeyId);
  form.append('policy', token.policy);
  form.append('key', key);
  form.append('success_action_status', '200');
  form.append('Signature', token.signature);
  form.append('x-oss-security-token', token.securityToken);
  if (file.type) form.append('Content-Type', file.type);
  if (objectAcl && objectAcl !== 'default') form.append('x-oss-object-acl', objectAcl);
  form.append('file', file, file.name);
  return form;
}

/** An ETag header without its quotes ('' when the host did not expose it). */
export const etagOf = (headers: Record<string, string>): string => (headers.etag ?? '').replaceAll('"', '');

/** What a storage upload leaves the SDK with: the token it used, the key and the object's ETag. */
export interface StoredUpload {
  token: UploadToken;
  key: string;
  etag: string;
}

/**
 * Direct upload (PostObject) of one file under `key`: success is OSS's 200 with no body (the
 * ETag in a header). A credential that expired between the token and the post is refreshed once
 * (with a new key under the new prefix, which may differ).
 */
export async function directUpload(
  ctx: StorageContext,
  file: Blob & { name: string },
  keyOf: (token: UploadToken) => string,
  onBytes: (loaded: number) => void,
): Promise<StoredUpload> {
  let token = await ctx.tokens.get(ctx.tokenRequest);
  for (let attempt = 0; ; attempt++) {
    const key = keyOf(token);
    const response = await send(
      ctx.transport,
      {
        method: 'POST',
        url: `${token.ossHost}/`,
        credentials: 'omit',
        body: postObjectForm(token, key, file, ctx.objectAcl),
        // The form is a little larger than the file: scale its bytes to the file's.
        onUploadProgress: (loaded, total) =>
          onBytes(total > 0 ? Math.floor((loaded / total) * file.size) : 0),
      },
      ctx.timeoutMs,
      ctx.signal,
    );
    if (response.status === 200) return { token, key, etag: etagOf(response.headers) };
    const error = responseError(response);
    if (attempt > 0 || !isCredentialRefusal(error)) throw error;
    token = await ctx.tokens.refresh(ctx.tokenRequest, token);
  }
}
