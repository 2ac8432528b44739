import { describe, expect, it } from 'vitest';
import { DOC_ID_EXPRESSION, runtimeConfig, runtimeScript, uiCall } from './runtime-script';

describe('runtimeScript', () => {
  it('is one self-contained script (parses, carries its config, defines the __name helper)', () => {
    const script = runtimeScript(runtimeConfig(250));
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('"injectHostLateMs":250');
    expect(script).toContain('"hostGlobal":"__CommunityNative__"');
    expect(script).toContain('"readyEvent":"h5:bridge-ready"');
    expect(script.startsWith('(() => {\nconst __name')).toBe(true);
  });

  it('runs in a window without a DOM only as far as the frame check (main frame only)', () => {
    const notTop = { top: {} } as unknown as Window;
    const run = new Function('window', runtimeScript(runtimeConfig(null)));
    expect(() => run(notTop)).not.toThrow();
  });
});

describe('uiCall', () => {
  it('passes arguments as JSON, so page text cannot break out of the expression', () => {
    const expression = uiCall('toast', ['"); alert(1); ("', 2000], 'doc-1');
    expect(() => new Function(expression)).not.toThrow();
    expect(expression).toContain(JSON.stringify('"); alert(1); ("'));
    expect(expression).toContain('ui.docId === "doc-1"');
  });

  it('reads the document id with the right precedence', () => {
    const read = new Function('window', `return ${DOC_ID_EXPRESSION} !== "x";`);
    expect(read({})).toBe(true);
    expect(read({ __communitySimUi: { docId: 'x' } })).toBe(false);
  });
});
