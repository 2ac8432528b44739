import { type StoredObject, storedObjectSchema, type UploadToken } from '@h5/contract';
import { parseJson, responseError, send } from './send';
import type { StorageContext } from './storage-context';
import { isCredentialRefusal } from './token-source';
import { UploadError } from './upload-error';

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

/** Reads a stored-object answer (PostObject, complete-multipart); any other answer is an UploadError. */
export function storedObjectOf(response: {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  text: string;
}): StoredObject {
  if (response.status !== 200) throw responseError(response);
  const parsed = storedObjectSchema.safeParse(parseJson(response.text));
  if (!parsed.success)
    throw new UploadError(response.statusText || 'invalid storage answer', 'InvalidResponse', 200);
  return parsed.data;
}

/**
 * Direct upload (PostObject) of one file under `key`. A credential that expired between the
 * token and the post is refreshed once (with a new key under the new prefix, which may differ).
 */
export async function directUpload(
  ctx: StorageContext,
  file: Blob & { name: string },
  keyOf: (token: UploadToken) => string,
  onBytes: (loaded: number) => void,
): Promise<{ token: UploadToken; key: string; object: StoredObject }> {
  let token = await ctx.tokens.get(ctx.tokenRequest);
  for (let attempt = 0; ; attempt++) {
    const key = keyOf(token);
    const response = await send(
      ctx.transport,
      {
        method: 'POST',
        url: `${token.ossHost}/`,
        body: postObjectForm(token, key, file, ctx.objectAcl),
        // The form is a little larger than the file: scale its bytes to the file's.
        onUploadProgress: (loaded, total) =>
          onBytes(total > 0 ? Math.floor((loaded / total) * file.size) : 0),
      },
      ctx.timeoutMs,
      ctx.signal,
    );
    try {
      return { token, key, object: storedObjectOf(response) };
    } catch (error) {
      if (attempt > 0 || !isCredentialRefusal(error)) throw error;
      token = await ctx.tokens.refresh(ctx.tokenRequest, token);
    }
  }
}
