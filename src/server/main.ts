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

const app = await buildApp(
  config,
  shouldPrettyPrint(process.stdout.isTTY, config.env) ? { logStream: prettyLogStream(process.stdout), conciseRequestLogs: true } : {},
);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "closing after an error");
  else app.log.info({ signal }, "shutting down");
  await app.close();
});

try {
  await app.listen({ port: config.port, host: config.host });
  // An info entry, so that it is in the JSON logs too.
  app.log.info({ publicUrl: config.publicUrl, listening: `${config.host}:${config.port}` }, startLine(config.publicUrl, config.database));
} catch (error) {
  app.log.fatal({ err: error }, "could not start");
  process.exit(1);
}
