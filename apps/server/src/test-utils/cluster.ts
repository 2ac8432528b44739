import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, REPO_ROOT } from '../../../../scripts/start-server.mjs';

/**
 * Several server nodes (the built `apps/server/dist/main.js`, as a deployment runs it) on one
 * database, behind a real nginx (the Debian package): the topology of issue 26 points 2–5.
 */

/** One node: its own port; its exit (code, signal) once it ends. */
export interface ClusterNode {
  index: number;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed, for a failing test's message. */
  output: () => string;
}

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or undefined when the machine has none (`apt-get install -y nginx`). */
export const nginxBinary = (): string | undefined =>
  [process.env.NGINX_PATH ?? '', ...NGINX_CANDIDATES].find((path) => path !== '' && existsSync(path));

/** This machine's first non-loopback IPv4 address: a client from it is not on loopback. */
export function externalAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  return undefined;
}

/** Spawns one node now (not waiting for it), on `port` or a free one: `env` on top of a quiet base. */
export async function spawnNode(
  index: number,
  env: Record<string, string>,
  port?: number,
): Promise<ClusterNode> {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `h5-node-${index}-`));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return { index, port, baseUrl: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/** Resolves once `url` answers 200, or throws when the node exits first or the time runs out. */
export async function waitForOk(url: string, node: ClusterNode | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: string | undefined;
  void node?.exited.then(({ code, signal }) => {
    exitedWith = `exited (${code ?? signal})`;
  });
  while (Date.now() < deadline) {
    if (exitedWith)
      throw new Error(`node ${node?.index} ${exitedWith} before ${url} answered:\n${node?.output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms:\n${node?.output() ?? ''}`);
}

/** Stops a node with SIGKILL if it still runs (cleanup after a failed test). */
export function killNode(node: ClusterNode) {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
}

export interface Nginx {
  /** The origin on loopback; `externalUrl` is the same listener on the machine's own address. */
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** Its error log (upstream failures it met). */
  errors: () => string;
}

/**
 * A balancer as an operator would write it: round robin over the nodes with a keep-alive pool,
 * the client's address appended to X-Forwarded-For, and a request that could not reach a node
 * (connection refused or reset before it was sent) tried on the next one.
 */
export function nginxConfig(
  dir: string,
  listenPort: number,
  upstreamPorts: readonly number[],
  upstreamIdleSeconds: number,
) {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream community_h5 {
    # Failures are shared by the workers: a node one of them saw draining is skipped by all.
    zone community_h5 64k;
${upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
    # Below SHUTDOWN_GRACE_MS: a draining node has no idle connection of ours left when it closes.
    keepalive_timeout ${upstreamIdleSeconds}s;
  }
  server {
    listen ${listenPort};
    client_max_body_size 10m;
    location / {
      proxy_pass http://community_h5;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A draining node answers our GETs 503 (we retry those elsewhere, and skip it for
      # fail_timeout); a request that could not reach a node is tried on the next.
      proxy_set_header X-Balancer-Retry 503;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/** Starts nginx (foreground, its own pid) in front of `upstreamPorts`, listening on every address. */
export async function startNginx(upstreamPorts: readonly number[], upstreamIdleSeconds = 4): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('no nginx: apt-get install -y nginx (or set NGINX_PATH)');
  const dir = mkdtempSync(join(tmpdir(), 'h5-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreamPorts, upstreamIdleSeconds));
  execFileSync(binary, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')]);
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${url}/livez`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not listen within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    errors: () => {
      try {
        return readFileSync(join(dir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
