// The reference point of the API benchmark: a bare Fastify JSON route, started as its own
// process on the port given as the first argument.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ code: 200, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
