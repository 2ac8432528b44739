import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CAPTCHA_IMAGE_PREFIX, contract } from '@h5/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverRoot } from '../../paths';

const MAX_AGE_SECONDS = 300;

export interface CaptchaSdkScript {
  body: string;
  gzip: Buffer;
  etag: string;
}

/**
 * The served script: captcha-sdk.browser.js (plain JS, no build step) plus js-md5's browser
 * build — the MD5 `signParams` of @h5/core uses — kept out of the page's globals, and the API
 * paths from the contract. Assembled once per process.
 */
export function buildCaptchaSdk(): CaptchaSdkScript {
  const md5Source = readFileSync(
    createRequire(import.meta.url).resolve('js-md5/build/md5-lite.min.js'),
    'utf8',
  );
  const sdkSource = readFileSync(join(serverRoot(), 'src/domains/auth/captcha-sdk.browser.js'), 'utf8');
  const paths = {
    challenge: contract.auth.captchaChallenge.path,
    verify: contract.auth.captchaVerify.path,
    imagePrefix: CAPTCHA_IMAGE_PREFIX,
  };
  const body = [
    '(function () {',
    "'use strict';",
    // js-md5 exports to `module` when it sees one; this local one keeps window.md5 and AMD untouched.
    'var md5 = (function () { var module = { exports: {} }; var define;',
    md5Source,
    'return module.exports; })();',
    sdkSource,
    `installH5Captcha(window, md5, ${JSON.stringify(paths)});`,
    '})();',
    '',
  ].join('\n');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, gzip: gzipSync(body), etag };
}

/**
 * GET /captcha/sdk.js: JavaScript, cacheable (5 min + ETag), gzip when accepted. No sign: a script
 * tag loads it. The script is built on the first request, once per handler.
 */
export function captchaSdkHandler() {
  let script: CaptchaSdkScript | undefined;
  return (request: FastifyRequest, reply: FastifyReply) => {
    script ??= buildCaptchaSdk();
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('etag', script.etag)
      .header('vary', 'accept-encoding')
      .type('text/javascript; charset=utf-8');
    if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(script.gzip);
    }
    return reply.send(script.body);
  };
}
