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
  /** Its master process. */
  pid: number;
  stop: () => Promise<void>;
  /** Its error logs (upstream failures it met). */
  errors: () => string;
  /** Its access log, in the site file's `community_h5` format (one line per request). */
  accessLog: () => string;
}

/** The nginx site an operator copies (deploy/nginx/community-h5.conf). */
export const NGINX_SITE = join(REPO_ROOT, 'deploy/nginx/community-h5.conf');

/** Replaces the one match of `pattern` in `text`, or throws: the site file changed shape. */
function replaceOne(text: string, pattern: RegExp, replacement: string): string {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (found.length !== 1) throw new Error(`${NGINX_SITE}: expected one ${pattern}, found ${found.length}`);
  return text.replace(pattern, replacement);
}

export interface NginxSiteOptions {
  listenPort: number;
  upstreamPorts: readonly number[];
  /** Where its access and error logs go (the file says /var/log/nginx). */
  logDir: string;
  /** The upstream keep-alive timeout, when a test's nodes drain faster than the file's 2 s allow. */
  upstreamIdleSeconds?: number;
}

/**
 * The operator's site file with only what one machine needs changed: the listen port, one upstream
 * `server` line per node on loopback (the file's own flags kept), the log folder and, for nodes with
 * a shorter grace, the upstream keep-alive timeout.
 */
export function renderNginxSite(options: NginxSiteOptions): string {
  let site = readFileSync(NGINX_SITE, 'utf8');
  site = replaceOne(site, /^( {2}listen) 80;$/m, `$1 ${options.listenPort};`);
  const serverLine = /^ {2}server \S+:\d+( [^\n]*);\n/gm;
  const lines = [...site.matchAll(serverLine)];
  const flags = lines[0]?.[1];
  if (flags === undefined) throw new Error(`${NGINX_SITE}: no upstream server lines`);
  const nodes = options.upstreamPorts.map((port) => `  server 127.0.0.1:${port}${flags};\n`).join('');
  let first = true;
  site = site.replace(serverLine, () => {
    const replacement = first ? nodes : '';
    first = false;
    return replacement;
  });
  site = site.replaceAll('/var/log/nginx/', `${options.logDir}/`);
  if (options.upstreamIdleSeconds !== undefined)
    site = replaceOne(site, /^( {2}keepalive_timeout) \d+s;$/m, `$1 ${options.upstreamIdleSeconds}s;`);
  return site;
}

/**
 * nginx's main file for a throwaway instance: its own pid, logs and temporary folders under `dir`,
 * one worker, in the foreground, and the site of {@link renderNginxSite} included as an operator's
 * Debian nginx.conf includes sites-enabled/.
 */
export function nginxMainConfig(dir: string, sitePath: string, workers = 1): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? 'user root;\n' : ''}worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${sitePath};
}
`;
}

/** A file of `dir`, or '' while it does not exist. */
const readLog = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/**
 * Starts nginx (foreground, its own pid) with the operator's site file in front of
 * `upstreamPorts`, listening on every address; `upstreamIdleSeconds` overrides the file's upstream
 * keep-alive timeout.
 */
export async function startNginx(
  upstreamPorts: readonly number[],
  upstreamIdleSeconds?: number,
): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('no nginx: apt-get install -y nginx (or set NGINX_PATH)');
  const dir = mkdtempSync(join(tmpdir(), 'h5-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const port = await freePort();
  const site = renderNginxSite({
    listenPort: port,
    upstreamPorts,
    logDir: dir,
    ...(upstreamIdleSeconds === undefined ? {} : { upstreamIdleSeconds }),
  });
  writeFileSync(join(dir, 'community-h5.conf'), site);
  writeFileSync(join(dir, 'nginx.conf'), nginxMainConfig(dir, join(dir, 'community-h5.conf')));
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
    pid: child.pid as number,
    errors: () => `${readLog(join(dir, 'error.log'))}${readLog(join(dir, 'community-h5.error.log'))}`,
    accessLog: () => readLog(join(dir, 'community-h5.access.log')),
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
