// web-push-testing's push service in this process: it checks each push's VAPID signature against the
// subscription's key and decrypts it (RFC 8291), as a browser's push service would.
import { createRequire } from "node:module";
import type { Server } from "node:http";
import { freePort } from "./free-port.ts";

interface PushApiModel {
  subscribe(options: { applicationServerKey: string; userVisibleOnly?: boolean }): Promise<LocalSubscription>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

const require = createRequire(import.meta.url);

export async function startLocalPushService() {
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => PushApiModel };
  const Server = require("web-push-testing/src/server.js") as new (
    model: PushApiModel,
    port: number,
  ) => { startServer(): void; _server: Server };
  const model = new PushApiModel();
  const port = await freePort();
  const server = new Server(model, port);
  const log = console.log;
  console.log = () => undefined;
  try {
    server.startServer();
    await new Promise((resolve) => server._server.once("listening", resolve));
  } finally {
    console.log = log;
  }
  return {
    url: `http://localhost:${port}`,
    subscribe: (applicationServerKey: string) => model.subscribe({ applicationServerKey }),
    expire: (subscription: LocalSubscription) => model.expireSubscription(subscription.clientHash),
    /** The decrypted payloads this subscription received, parsed. */
    received: (subscription: LocalSubscription) =>
      model
        .getNotifications({ clientHash: subscription.clientHash })
        .messages.map((text) => JSON.parse(text) as { title: string; body: string; url: string }),
    close: () => new Promise((resolve) => server._server.close(resolve)),
  };
}

export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>;
