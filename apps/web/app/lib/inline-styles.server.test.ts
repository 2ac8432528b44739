import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-styles.server';

// The head as React Router's <Links/> writes it (a route module's CSS href ends in `#`).
const HEAD =
  '<head><meta charSet="utf-8"/><link rel="icon" href="/favicon.svg"/>' +
  '<link nonce="n1" rel="stylesheet" href="/assets/root-A.css"/>' +
  '<link nonce="n1" rel="stylesheet" href="/assets/feed-B.css#"/>';

const CSS: Record<string, string> = {
  '/assets/root-A.css': 'body{margin:0}',
  '/assets/feed-B.css': '.a_x{color:red}',
};

describe('inlineStylesheets', () => {
  it('puts the built stylesheets into one style before their links, which stay for print only', () => {
    expect(inlineStylesheets(HEAD, 'n1', (href) => CSS[href] ?? null)).toBe(
      '<head><meta charSet="utf-8"/><link rel="icon" href="/favicon.svg"/>' +
        '<style nonce="n1" data-inlined="">body{margin:0}\n.a_x{color:red}</style>' +
        '<link nonce="n1" rel="stylesheet" href="/assets/root-A.css" media="print"/>' +
        '<link nonce="n1" rel="stylesheet" href="/assets/feed-B.css#" media="print"/>',
    );
  });

  it('leaves a stylesheet it cannot read linked, and a head without built ones as it is', () => {
    const out = inlineStylesheets(HEAD, undefined, (href) => (href === '/assets/feed-B.css' ? '.b{}' : null));
    expect(out).toContain('<link nonce="n1" rel="stylesheet" href="/assets/root-A.css"/>');
    expect(out).toContain(
      '<style data-inlined="">.b{}</style><link nonce="n1" rel="stylesheet" href="/assets/feed-B.css#" media="print"/>',
    );
    expect(inlineStylesheets(HEAD, 'n1', () => null)).toBe(HEAD);
  });
});
