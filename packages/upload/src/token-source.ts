import type { UploadToken } from '@h5/contract';

/** A token is reused while it has more than this left. */
export const TOKEN_REUSE_MARGIN_MS = 60_000;

/** What a token is asked for (the policy's key prefix depends on folder, else type). */
export interface TokenRequest {
  fileName: string;
  type: string;
  folder?: string | undefined;
}

/** Tokens by key prefix: reused while fresh; one request in flight per prefix, shared. */
export interface TokenSource {
  get(request: TokenRequest): Promise<UploadToken>;
  /**
   * A token newer than `stale` (the storage host refused it): the cached one if another caller
   * already replaced it, else one shared refresh.
   */
  refresh(request: TokenRequest, stale: UploadToken): Promise<UploadToken>;
}

/** Creates the token source over the gateway call `fetchToken`. */
export function createTokenSource(
  fetchToken: (request: TokenRequest) => Promise<UploadToken>,
  now: () => number,
): TokenSource {
  const tokens = new Map<string, UploadToken>();
  const inFlight = new Map<string, Promise<UploadToken>>();
  const keyOf = (request: TokenRequest) => `${request.folder ? `f:${request.folder}` : `t:${request.type}`}`;
  const fresh = (token: UploadToken | undefined): token is UploadToken =>
    token !== undefined && Date.parse(token.expiration) - now() > TOKEN_REUSE_MARGIN_MS;

  const load = (key: string, request: TokenRequest): Promise<UploadToken> => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchToken(request)
        .then((token) => {
          tokens.set(key, token);
          return token;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    get(request) {
      const key = keyOf(request);
      const token = tokens.get(key);
      return fresh(token) ? Promise.resolve(token) : load(key, request);
    },
    refresh(request, stale) {
      const key = keyOf(request);
      const token = tokens.get(key);
      if (token && token !== stale && token.securityToken !== stale.securityToken && fresh(token)) {
        return Promise.resolve(token);
      }
      if (token === stale) tokens.delete(key);
      return load(key, request);
    },
  };
}

// Storage host codes that mean "this credential is no longer good" (docs/upload-protocol.md §2).
const CREDENTIAL_CODES = new Set(['SecurityTokenExpired', 'InvalidAccessKeyId', 'InvalidSecurityToken']);

/** True when the storage host refused the credential itself (expired mid-way), not the request. */
export function isCredentialRefusal(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && CREDENTIAL_CODES.has(code)) ||
    (code === 'AccessDenied' && typeof message === 'string' && message.includes('Policy expired'))
  );
}
