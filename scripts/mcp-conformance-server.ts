// The app on SQLite with one user and a write token, behind a loopback proxy that adds the token: the
// conformance suite's runner connects with nothing but an address. Prints the proxy's /mcp address.
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp } from "../src/server/app.ts";
import { signInTestUser } from "../src/server/test/sign-in.ts";
import { createTestDatabase, testConfig } from "../src/server/test/test-app.ts";

const proxy = createServer();
await new Promise<void>((resolve) => proxy.listen(Number(process.env.PORT ?? 0), "127.0.0.1", resolve));
const proxyPort = (proxy.address() as AddressInfo).port;
const { db } = await createTestDatabase("sqlite");
// The proxy is the address clients use, so it is the public URL the Origin check compares with.
const app = await buildApp(testConfig({ publicUrl: `http://127.0.0.1:${proxyPort}`, mcpRateLimitPerMinute: 0 }), {
  db,
  webRoot: "/nonexistent",
});
const user = await signInTestUser(app);
const created = await app.inject({
  method: "POST",
  url: "/api/tokens",
  headers: user.mutatingHeaders,
  payload: { name: "Conformance", scope: "write" },
});
const token = created.json().token as string;
const appPort = Number(new URL(await app.listen({ port: 0, host: "127.0.0.1" })).port);

proxy.on("request", (incoming, outgoing) => {
  const headers = { ...incoming.headers, authorization: `Bearer ${token}` };
  const upstream = request({ host: "127.0.0.1", port: appPort, method: incoming.method, path: incoming.url, headers }, (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(outgoing);
  });
  upstream.on("error", () => outgoing.destroy());
  incoming.pipe(upstream);
});
console.log(`http://127.0.0.1:${proxyPort}/mcp`);
const stop = async () => {
  proxy.close();
  await app.close();
  await db.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
