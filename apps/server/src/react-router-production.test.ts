import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const hook = new URL('./react-router-production.mjs', import.meta.url).href;

describe('the launcher’s react-router resolve hook', () => {
  it('resolves react-router and react-router/dom to the production build, nothing else', () => {
    // A fresh Node with the hook registered, as dist/main.js does, resolving from the server's folder.
    const script = `import { register } from 'node:module';
register(${JSON.stringify(hook)});
console.log(JSON.stringify(['react-router', 'react-router/dom', 'react'].map((s) => import.meta.resolve(s))));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    const [router, dom, react] = JSON.parse(out) as string[];
    expect(router).toMatch(/\/react-router\/dist\/production\/index\.mjs$/);
    expect(dom).toMatch(/\/react-router\/dist\/production\/dom-export\.mjs$/);
    expect(react).not.toContain('/dist/production/');
  });
});
