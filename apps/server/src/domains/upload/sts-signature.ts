import { hmacSha1 } from './policy';

/**
 * Aliyun's RPC signature (STS AssumeRole, docs/upload-protocol.md §7): the parameters sorted by
 * name, each `name=value` percent-encoded by RFC 3986, the whole encoded again behind
 * `{METHOD}&%2F&`, signed with HMAC-SHA1 under `{accessKeySecret}&`. Used by this server as an
 * STS client (UPLOAD_DRIVER=oss) and by its STS stand-in.
 */

/** RFC 3986 percent-encoding (encodeURIComponent leaves `!'()*` alone; Aliyun does not). */
export const rpcEscape = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The string an RPC request signs: every parameter but `Signature`. */
export function rpcStringToSign(method: string, params: Readonly<Record<string, string>>): string {
  const canonical = Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${rpcEscape(name)}=${rpcEscape(params[name] as string)}`)
    .join('&');
  return `${method.toUpperCase()}&${rpcEscape('/')}&${rpcEscape(canonical)}`;
}

/** The `Signature` parameter of an RPC request. */
export const rpcSignature = (method: string, params: Readonly<Record<string, string>>, secret: string) =>
  hmacSha1(`${secret}&`, rpcStringToSign(method, params));
