import Fastify from 'fastify';

/** The framework ceiling: a bare Fastify route answering a small JSON body, run like the API (own process). */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) }).then((address) => console.info(`listening ${address}`));
