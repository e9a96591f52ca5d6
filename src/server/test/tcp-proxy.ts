// A TCP proxy a test controls, between the app and PostgreSQL: open (forwards), cut (every
// connection reset, new ones refused at once) or partitioned (connections accepted and kept, but
// nothing crosses: packets dropped, as in a network partition).
import net from "node:net";

export type ProxyMode = "open" | "cut" | "partitioned";

export interface TcpProxy {
  /** postgres:// URL of the upstream with the proxy's host and port. */
  url: string;
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamUrl: string): Promise<TcpProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  const stalled = new Set<net.Socket>();
  let mode: ProxyMode = "open";

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  };
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === "cut") {
      client.resetAndDestroy();
      return;
    }
    if (mode === "partitioned") {
      stalled.add(client); // accepted, never answered
      return;
    }
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    track(server);
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(upstreamUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    setMode(next) {
      mode = next;
      if (next === "cut") resetAll();
      if (next === "partitioned") {
        // Live connections stop carrying anything, in both directions.
        for (const socket of sockets) {
          socket.unpipe();
          socket.pause();
          stalled.add(socket);
        }
      }
      if (next === "open") {
        // Partitioned connections are not revived (their peers have given up on them): reset them.
        for (const socket of stalled) socket.resetAndDestroy();
        stalled.clear();
      }
    },
    async close() {
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
