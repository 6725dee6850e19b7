// The baseline: a bare Fastify hello world, as the session-user benchmark's reference.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
