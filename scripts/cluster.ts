// `npm run cluster`: the multi-node topology of docs/deploy.md on this machine, for trying it —
// PostgreSQL primary and streaming replica, PgBouncer, s3rver, `npm run migrate`, three built nodes
// and nginx with deploy/nginx/community-h5.conf. Prints the balancer's URL and runs until Ctrl-C
// (or SIGTERM), then stops everything it started by pid. `npm run cluster -- --nodes 2` for two.
// Needs `npm run build` first (the npm script runs it) and Debian's postgresql-15, nginx, pgbouncer.
import { startTopology } from '../apps/server/src/test-utils/topology';

/** `--nodes N` from the command line, else 3. */
function nodeCount(args: readonly string[]): number {
  const at = args.indexOf('--nodes');
  if (at < 0) return 3;
  const count = Number(args[at + 1]);
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error('--nodes takes 1 to 8');
  return count;
}

const started = Date.now();
const topology = await startTopology({
  nodes: nodeCount(process.argv.slice(2)),
  log: (line) => console.log(`▶ ${line}`),
});
const pids = await topology.pids();
console.log(`
Community H5 cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s
  balancer   ${topology.url}
  nodes      ${topology.nodes.map((node) => node.baseUrl).join('  ')}
  primary    ${topology.primaryUrl}
  replica    ${topology.replicaUrl}
  pids       ${Object.entries(pids)
    .map(([name, ids]) => `${name} ${ids.join(',')}`)
    .join('; ')}
Ctrl-C stops everything.
CLUSTER_PIDS=${JSON.stringify(Object.values(pids).flat())}
CLUSTER_URL=${topology.url}`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the cluster`);
  await topology.stop();
  console.log('cluster stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A node that dies on its own is reported; the balancer sends its share to the others.
for (const node of topology.nodes) {
  void node.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`node ${node.index} (${node.baseUrl}) exited (${code ?? signal})`);
  });
}
