import Fastify from "fastify";

/** The baseline for P5: Fastify's hello world, alone in its own process, no logger. */
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: "127.0.0.1" });
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
