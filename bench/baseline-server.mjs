// The baseline: a bare Fastify hello-world, plain JavaScript and no logger, measured under the same
// load as the app so that the app's figures can be read as a ratio of what this machine can do.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
// An open response held as the app's change stream holds one (the live bench's memory floor).
app.get("/events", (request, reply) => {
  reply.hijack();
  reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  reply.raw.write(": open\n\n");
});

const port = Number(process.env.PORT ?? 3400);
await app.listen({ port, host: "127.0.0.1" });

const close = () => app.close().then(() => process.exit(0));
process.once("SIGTERM", close);
process.once("SIGINT", close);
