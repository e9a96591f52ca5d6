import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { prettyLogStream, shouldPrettyPrint, startLine } from "./log-format.ts";

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// Short coloured lines for a person at a terminal, requests only at debug; JSON lines otherwise (a
// pipe, a file, production), every request included.
const app = await buildApp(
  config,
  shouldPrettyPrint(process.stdout.isTTY, config.env) ? { logStream: prettyLogStream(process.stdout), conciseRequestLogs: true } : {},
);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "closing after an error");
  else app.log.info({ signal }, "shutting down");
  // Fastify answers new requests with 503 while in-flight ones finish; the database closes last.
  await app.close();
});

try {
  await app.listen({ port: config.port, host: config.host });
  // The one line a person needs: which address to open, and where the data is (an info entry, so
  // it is in the JSON logs too; not shown when LOG_LEVEL is above info).
  app.log.info({ publicUrl: config.publicUrl, listening: `${config.host}:${config.port}` }, startLine(config.publicUrl, config.database));
} catch (error) {
  app.log.fatal({ err: error }, "could not start");
  process.exit(1);
}
