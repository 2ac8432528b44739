import type { MultipartFile } from '@fastify/multipart';
import { xmlDocument } from '@h5/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ObjectStore } from '../../storage';
import { sniffStream } from './content-sniff';
import { type Credential, findCredential, tokenMatches } from './credentials';
import { formProblem, storageRefusal } from './form-input';
import { originOf } from './hosts';
import { checkKey } from './object-key';
import { assertMayWrite, isObjectAcl, recordObject, storedObjectOf } from './objects';
import { hmacSha1, parsePolicy } from './policy';
import { accessDenied, invalidArgument, StorageHostError, signatureDoesNotMatch } from './storage-error';

/** Busboy's own ceiling; the real limit (policy and credential) is enforced while streaming. */
const FORM_FILE_CEILING = 5 * 1024 ** 3;

/** Form fields by lower-case name (OSS field names are case-insensitive). */
function fieldsOf(file: MultipartFile): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, entry] of Object.entries(file.fields)) {
    const one = Array.isArray(entry) ? entry[0] : entry;
    if (one && one.type === 'field' && typeof one.value === 'string')
      fields.set(name.toLowerCase(), one.value);
  }
  return fields;
}

/** The credential of a request: known, live, with its own security token (403s otherwise). */
export async function liveCredential(
  deps: AppDeps,
  accessKeyId: string | undefined,
  securityToken: string | undefined,
) {
  const credential = accessKeyId ? await findCredential(deps.db, accessKeyId) : null;
  if (!credential)
    throw new StorageHostError(
      403,
      'InvalidAccessKeyId',
      'The OSS Access Key Id you provided does not exist in our records.',
    );
  if (credential.expiresAt.getTime() <= Date.now()) {
    throw new StorageHostError(403, 'SecurityTokenExpired', 'The security token you provided has expired.');
  }
  if (!tokenMatches(credential, securityToken)) {
    throw new StorageHostError(403, 'InvalidSecurityToken', 'The security token you provided is invalid.');
  }
  return credential;
}

/** Checks the policy and the credential's own limits against the posted bucket and key; returns the byte range. */
function checkPolicy(credential: Credential, policyBase64: string, bucket: string, key: string) {
  const policy = parsePolicy(policyBase64);
  if (!policy)
    throw new StorageHostError(
      400,
      'InvalidPolicyDocument',
      'The content of the form does not meet the conditions specified in the policy document.',
    );
  if (policy.expiration.getTime() <= Date.now())
    throw accessDenied('Invalid according to Policy: Policy expired.');
  if (bucket !== credential.bucket || policy.buckets.some((b) => b !== bucket)) {
    throw accessDenied(`Invalid according to Policy: Policy Condition failed: {"bucket": "${bucket}"}`);
  }
  checkKey(key);
  // The client holds the secret and could sign a wider policy: the credential's prefix holds too.
  for (const prefix of [...policy.keyStartsWith, credential.keyPrefix]) {
    if (!key.startsWith(prefix)) {
      throw accessDenied(
        `Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "${prefix}"]`,
      );
    }
  }
  for (const exact of policy.keyEquals) {
    if (key !== exact)
      throw accessDenied(`Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${exact}"]`);
  }
  const range = policy.lengthRange ?? { min: 0, max: credential.maxBytes };
  return { min: range.min, max: Math.min(range.max, credential.maxBytes) };
}

/**
 * PostObject (docs/upload-protocol.md §2): every check, then the file streamed into the store.
 * Answered as OSS does by `success_action_status`: 200 or 204 (the default) with no body, 201
 * with a `PostResponse` document; the ETag in a header.
 */
export async function postObject(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
) {
  if (!request.isMultipart()) throw invalidArgument('PostObject needs a multipart/form-data body.');
  const file = await request.file({
    limits: { fileSize: FORM_FILE_CEILING, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  if (!file) throw invalidArgument('The form has no file field.');
  try {
    // The key has its own, stricter rule (InvalidObjectName).
    const badField = formProblem(file, ['key']);
    if (badField) throw storageRefusal(badField);
    const fields = fieldsOf(file);
    for (const name of ['ossaccesskeyid', 'policy', 'signature', 'key']) {
      if (!fields.get(name))
        throw invalidArgument(`The form field ${name} is missing (fields must come before the file).`);
    }
    const credential = await liveCredential(
      deps,
      fields.get('ossaccesskeyid'),
      fields.get('x-oss-security-token'),
    );
    const policy = fields.get('policy') as string;
    if (hmacSha1(credential.accessKeySecret, policy) !== fields.get('signature')) {
      throw signatureDoesNotMatch({ OSSAccessKeyId: credential.accessKeyId, StringToSign: policy });
    }
    const key = fields.get('key') as string;
    const range = checkPolicy(credential, policy, bucket, key);
    const aclField = fields.get('x-oss-object-acl');
    if (aclField !== undefined && !isObjectAcl(aclField))
      throw invalidArgument(`Invalid x-oss-object-acl: ${aclField}`);
    const acl = aclField === undefined || aclField === 'default' ? credential.acl : aclField;
    await assertMayWrite(deps.db, credential, bucket, key);
    // The form's Content-Type is the client's word: the stored type comes from the bytes.
    const { contentType, body } = await sniffStream(file.file);
    const info = await store.put(bucket, key, body, {
      contentType,
      maxBytes: range.max,
      minBytes: range.min,
    });
    const row = await recordObject(
      deps.db,
      store,
      { bucket, key, contentType, acl, appId: credential.appId, userId: credential.userId },
      info,
    );
    const stored = storedObjectOf(row, `${originOf(request)}/cdn`);
    reply.header('etag', `"${stored.etag}"`);
    const status = fields.get('success_action_status');
    if (status === '200') return reply.code(200).send();
    if (status !== '201') return reply.code(204).send();
    return reply
      .code(201)
      .type('application/xml')
      .send(
        xmlDocument('PostResponse', {
          Bucket: stored.bucket,
          Location: stored.url,
          Key: stored.key,
          ETag: `"${stored.etag}"`,
        }),
      );
  } catch (error) {
    // Refused before the file was read: drain it so the answer reaches the browser.
    file.file.resume();
    throw error;
  }
}
