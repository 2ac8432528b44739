// React Router's default Node entry (@react-router/dev's entry.server.node.tsx) plus the page's
// Content-Security-Policy nonce (issue 11 point 12): the server makes one per page request
// (apps/server/src/web/load-context.ts) and sends it in the CSP header; every script this render
// writes carries it — React's streaming scripts (`nonce` option), React Router's hydration and
// data scripts (ServerRouter), and through NonceContext root's own (Scripts, ScrollRestoration,
// the early error collector, Vite's preload nonce). The head leaves with its stylesheets inlined
// (lib/inline-styles.server.ts).
import { PassThrough, pipeline, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { inlineStylesheets } from './lib/inline-styles.server';
import { NonceContext } from './lib/nonce';
import { scriptsAfterFirstPaint } from './lib/scripts-after-paint.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Everyone gets the whole page in one piece, as React Router's default does for bots (issue 14
    // point 3): the loaders have run before this render, so what suspends here is only the page's
    // lazy chunks (comments, carousel, article), ready in milliseconds. Waiting for them puts them
    // in the HTML in place, where they read and are styled without JavaScript, not streamed
    // behind a script that reveals them.
    const readyOption: keyof RenderToPipeableStreamOptions = 'onAllReady';
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every boundary in place, however large (React moves big ones behind a script by default).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout, so the closure is not retained.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          const page = withInlineStyles(nonce);
          // A reader that goes away mid-page (a closed tab) destroys `body` with an error, possibly
          // after the page was written: it must always reach a handler (an unhandled stream error
          // ends the process), and it stops React.
          body.on('error', () => abort());
          pipeline(page, body, (error) => {
            if (error) abort();
          });
          pipe(page);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the initial shell reject and are logged by React Router; log the later ones.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Gathers the page and passes it on as one chunk, its head (up to `</head>`) with the stylesheets
 * inlined. React writes an all-ready page in one go, so nothing waits: one chunk is one
 * compression job for the server instead of one per React write (issue 19 point 1).
 */
function withInlineStyles(nonce: string | undefined): Transform {
  const held: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      callback();
    },
    flush(callback) {
      const page = Buffer.concat(held).toString('utf8');
      const end = page.indexOf('</head>');
      callback(
        null,
        end < 0
          ? page
          : scriptsAfterFirstPaint(inlineStylesheets(page.slice(0, end), nonce), page.slice(end)),
      );
    },
  });
}
