import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookie';

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('a=1; duToken=abc%7C42; b=2', 'duToken')).toBe('abc|42');
    expect(readCookie('duToken=abc|42', 'duToken')).toBe('abc|42');
  });
  it('returns null when absent, and the raw text when not percent-encoded', () => {
    expect(readCookie('', 'duToken')).toBeNull();
    expect(readCookie(undefined, 'duToken')).toBeNull();
    expect(readCookie('xduToken=1; flag', 'duToken')).toBeNull();
    expect(readCookie('duToken=%E0%A4', 'duToken')).toBe('%E0%A4');
  });
});

describe('serializeCookie', () => {
  it('writes path, shared domain, max-age and SameSite, keeping cookie-safe values as they are', () => {
    expect(serializeCookie('duToken', 'tok|42', { domain: '.example.com', maxAgeSeconds: 60 })).toBe(
      'duToken=tok|42; Path=/; Domain=.example.com; Max-Age=60; SameSite=Lax',
    );
  });
  it('encodes values that are not cookie-safe and adds Secure on request', () => {
    expect(serializeCookie('x', 'a b;c', { maxAgeSeconds: 1, secure: true })).toBe(
      'x=a%20b%3Bc; Path=/; Max-Age=1; SameSite=Lax; Secure',
    );
  });
  it('deletes with a null value', () => {
    expect(serializeCookie('duToken', null, { maxAgeSeconds: 60 })).toBe(
      'duToken=; Path=/; Max-Age=0; SameSite=Lax',
    );
  });
});
