import { IMAGE_CDN_HOSTS, wantsDebugConsole } from '@h5/core';
import { type Env, publicApiBase } from '../env';
import { FRAME_ANCESTORS } from '../plugins/security-headers';

/** WeChat's JS-SDK, loaded inside WeChat's browser for its share menu (apps/web/app/share/wechat-sdk.ts). */
const WECHAT_SDK_ORIGIN = 'https://res.wx.qq.com';

type CspEnv = Pick<
  Env,
  'APP_ENV' | 'API_BASE_URL' | 'PUBLIC_ORIGIN' | 'UPLOAD_DRIVER' | 'OSS_HOST' | 'OSS_CDN_HOST'
>;

/** The origins besides the page's own that serve this site: the API host (also the storage and CDN host) and PUBLIC_ORIGIN. */
function siteOrigins(env: CspEnv): string[] {
  return [...new Set([publicApiBase(env), env.PUBLIC_ORIGIN ?? ''].filter(Boolean))];
}

/**
 * UPLOAD_DRIVER=oss: the external bucket's origins — the SDK's requests go to OSS_HOST, uploaded
 * objects are shown from OSS_CDN_HOST (docs/upload-protocol.md §7).
 */
function externalOss(env: CspEnv): { upload: string[]; read: string[] } {
  if (env.UPLOAD_DRIVER !== 'oss' || !env.OSS_HOST) return { upload: [], read: [] };
  const upload = new URL(env.OSS_HOST).origin;
  return { upload: [upload], read: [...new Set([upload, new URL(env.OSS_CDN_HOST ?? env.OSS_HOST).origin])] };
}

/**
 * The Content-Security-Policy of an SSR page (issue 11 point 12). Scripts need this response's
 * nonce (React Router's inline scripts, root's early error collector, the module entry and its
 * preloads); `'strict-dynamic'` lets those load their lazy chunks, the captcha SDK and WeChat's
 * JS-SDK, so an injected inline script, event handler attribute or `<script src>` does not run.
 * `'self'` and the hosts after it are the fallback of browsers without `'strict-dynamic'` (they
 * ignore it), which newer ones ignore in turn. The debug console (vConsole, `debug=1` or
 * `openTestHelper`) evaluates what a tester types, so only those pages allow eval. Styles:
 * stylesheets plus inline `style` attributes and the `<style>` elements vConsole and the captcha
 * SDK add. Images and media: ours, the image CDN hosts, `data:` and `blob:` (upload previews);
 * with UPLOAD_DRIVER=oss also the external bucket (uploads to it, images from it).
 */
export function pageCsp(nonce: string, env: CspEnv, search: string) {
  const origins = siteOrigins(env);
  const oss = externalOss(env);
  const cdnHosts = IMAGE_CDN_HOSTS.map((host) => `https://${host}`);
  const evalSource = wantsDebugConsole(search) ? ["'unsafe-eval'"] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'self'",
      ...origins,
      WECHAT_SDK_ORIGIN,
      ...evalSource,
    ],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...origins, ...cdnHosts, ...oss.read],
    ['media-src', "'self'", 'blob:', ...origins, ...cdnHosts, ...oss.read],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...origins, ...oss.upload],
    // The offline reading service worker, /sw.js (issue 33 point 5): without it, script-src's
    // 'strict-dynamic' (which ignores 'self') would refuse the registration.
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
  ];
  return [...directives.map((directive) => directive.join(' ')), FRAME_ANCESTORS].join('; ');
}
