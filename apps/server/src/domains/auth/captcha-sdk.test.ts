import { randomInt } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { contract } from '@h5/contract';
import { CAPTCHA_SESSION_HEADER, RISK_CHECK_STATUS, SUCCESS } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SIGN_SECRET, type TestApp, uniquePhone } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', RISK_LOGIN_CODE_LIMIT: '1' });
});
afterAll(() => t.close());

const sdkScript = async () => (await t.app.inject({ method: 'GET', url: '/captcha/sdk.js' })).body;

describe('GET /captcha/sdk.js', () => {
  it('serves cacheable JavaScript, gzip when accepted, 304 on a matching ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/captcha/sdk.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toContain('window.H5Captcha');

    const zipped = await t.app.inject({
      method: 'GET',
      url: '/captcha/sdk.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(res.body);
    expect(zipped.rawPayload.length).toBeLessThan(12_000);

    const cached = await t.app.inject({
      method: 'GET',
      url: '/captcha/sdk.js',
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
  });
});

// ── The SDK itself, run in a VM against a minimal DOM; its fetch goes to the app ──────────

class FakeNode {
  children: FakeNode[] = [];
  parentNode: FakeNode | null = null;
  attributes = new Map<string, string>();
  listeners = new Map<string, ((event: unknown) => void)[]>();
  style: Record<string, string> = {};
  value = '';
  disabled = false;
  private text = '';

  constructor(
    readonly tagName: string,
    private readonly doc: FakeDocument,
  ) {}

  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  appendChild(child: FakeNode) {
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  removeChild(child: FakeNode) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
    return child;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  dispatch(type: string, event: Record<string, unknown> = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ preventDefault() {}, ...event });
  }
  focus() {
    this.doc.activeElement = this;
  }
  get textContent(): string {
    return this.tagName === '#text' ? this.text : this.children.map((c) => c.textContent).join('');
  }
  set textContent(value: string) {
    const node = new FakeNode('#text', this.doc);
    node.text = value;
    this.children = [node];
  }
  find(match: (node: FakeNode) => boolean): FakeNode | undefined {
    if (match(this)) return this;
    for (const child of this.children) {
      const found = child.find(match);
      if (found) return found;
    }
    return undefined;
  }
  byClass(name: string): FakeNode {
    const found = this.find((node) => node.getAttribute('class') === name);
    if (!found) throw new Error(`no .${name}`);
    return found;
  }
}

class FakeDocument {
  activeElement: FakeNode | null = null;
  head = new FakeNode('head', this);
  body = new FakeNode('body', this);
  createElement(tag: string) {
    return new FakeNode(tag, this);
  }
  createTextNode(text: string) {
    const node = new FakeNode('#text', this);
    node.textContent = text;
    return node.children[0] as FakeNode;
  }
}

async function until<T>(probe: () => T | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 400; i += 1) {
    const value = probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Sdk {
  evoke(options: Record<string, unknown>): void;
}

/** A "browser" at address `ip`: the served script evaluated with a fake DOM and fetch → inject. */
async function browserAt(ip: string) {
  const document = new FakeDocument();
  const challenges: { challengeId: string }[] = [];
  const window: Record<string, unknown> = {
    document,
    fetch: async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
      const res = await t.app.inject({
        method: init.method as 'POST',
        url,
        headers: { ...init.headers, 'x-forwarded-for': ip },
        payload: init.body,
      });
      const envelope = res.json();
      if (url.startsWith(contract.auth.captchaChallenge.path) && envelope.code === SUCCESS) {
        challenges.push(envelope.data);
      }
      return { json: async () => envelope };
    },
  };
  window.window = window;
  runInNewContext(await sdkScript(), window);
  return { sdk: window.H5Captcha as Sdk, document, challenges };
}

describe('the H5Captcha SDK', () => {
  it('shows an accessible dialog, refreshes on a wrong answer, and hands over a session that passes the risk check', async () => {
    const ip = `198.51.${randomInt(0, 256)}.${randomInt(0, 256)}`;
    const send = (headers: Record<string, string> = {}) =>
      t.signedInject(
        contract.auth.sendLoginCode,
        { phone: uniquePhone() },
        { headers: { 'x-forwarded-for': ip, ...headers } },
      );
    await send();
    expect((await send()).status).toBe(RISK_CHECK_STATUS);

    const { sdk, document, challenges } = await browserAt(ip);
    const outcome: { sessionId?: string; closed?: boolean } = {};
    sdk.evoke({
      scene: 'auth.sendLoginCode',
      apiBaseUrl: '',
      signSecret: TEST_SIGN_SECRET,
      onSuccess: (sessionId: string) => {
        outcome.sessionId = sessionId;
      },
      onClose: () => {
        outcome.closed = true;
      },
    });

    const dialog = document.body.byClass('h5c-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const titleId = dialog.getAttribute('aria-labelledby') as string;
    expect(dialog.find((n) => n.getAttribute('id') === titleId)?.textContent).toBe('安全验证');
    const input = dialog.byClass('h5c-input');
    expect(document.activeElement).toBe(input);
    const image = dialog.byClass('h5c-image');
    await until(() => image.getAttribute('src'), 'the first challenge');
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(image.getAttribute('alt')).toBe('验证码图片');
    expect(document.body.style.overflow).toBe('hidden');

    // Refresh: a new challenge.
    dialog.byClass('h5c-refresh').dispatch('click');
    await until(() => challenges.length === 2 && !dialog.byClass('h5c-submit').disabled, 'the refresh');

    // Wrong answer: a message and a fresh challenge.
    input.value = 'ZZZZ';
    dialog.byClass('h5c-form').dispatch('submit');
    await until(() => challenges.length === 3 && !dialog.byClass('h5c-submit').disabled, 'a fresh challenge');
    expect(dialog.byClass('h5c-message').textContent).toBe('验证码错误，请重新输入');
    expect(input.value).toBe('');

    // The right answer (typed in lower case): onSuccess, the dialog goes.
    const latest = challenges.at(-1) as { challengeId: string };
    const dev = await t.signedInject(contract.auth.captchaDevAnswer, { challengeId: latest.challengeId });
    input.value = dev.body.data.answer.toLowerCase();
    dialog.byClass('h5c-form').dispatch('submit');
    const sessionId = await until(() => outcome.sessionId, 'onSuccess');
    expect(outcome.closed).toBeUndefined();
    expect(document.body.children).toHaveLength(0);
    expect(document.body.style.overflow).toBeUndefined();

    // The session lets the refused call through.
    expect((await send({ [CAPTCHA_SESSION_HEADER]: sessionId })).body.code).toBe(SUCCESS);
  });

  it('closes on cancel and on Escape, calling onClose of every evoker', async () => {
    const { sdk, document } = await browserAt('203.0.113.9');
    let closed = 0;
    const options = {
      apiBaseUrl: '',
      signSecret: TEST_SIGN_SECRET,
      onSuccess() {},
      onClose: () => (closed += 1),
    };
    sdk.evoke(options);
    sdk.evoke(options); // joins the open dialog
    expect(document.body.children).toHaveLength(1);
    document.body.byClass('h5c-cancel').dispatch('click');
    expect(closed).toBe(2);
    expect(document.body.children).toHaveLength(0);

    sdk.evoke(options);
    document.body.byClass('h5c-dialog').dispatch('keydown', { key: 'Escape' });
    expect(closed).toBe(3);
    expect(document.body.children).toHaveLength(0);
  });

  it('refuses an evoke without the sign secret', async () => {
    const { sdk } = await browserAt('203.0.113.10');
    expect(() => sdk.evoke({ apiBaseUrl: '' })).toThrow(/signSecret is required/);
  });
});
