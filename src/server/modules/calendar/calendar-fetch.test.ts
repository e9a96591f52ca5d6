import diagnostics from "node:diagnostics_channel";
import { isIP, type LookupFunction, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IcsTestServer, startIcsTestServer } from "../../test/ics-test-server.ts";
import { fetchIcs, isPrivateAddress } from "./calendar-fetch.ts";

/** A resolver answering from a table, each host's answers in turn (the last one repeated), counting its calls. */
function stubResolver(table: Record<string, string[][]>) {
  const calls: string[] = [];
  const asked = new Map<string, number>();
  const lookup: LookupFunction = (hostname, options, callback) => {
    calls.push(hostname);
    const turns = table[hostname];
    const turn = asked.get(hostname) ?? 0;
    asked.set(hostname, turn + 1);
    process.nextTick(() => {
      if (!turns) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "");
      const addresses = turns[Math.min(turn, turns.length - 1)]!.map((address) => ({ address, family: isIP(address) }));
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return { lookup, calls };
}

describe("fetchIcs checks the address it connects to", () => {
  let ics: IcsTestServer;
  beforeAll(async () => {
    ics = await startIcsTestServer();
  });
  afterAll(() => ics.close());

  const named = (host: string, path: string) => ics.url(path).replace("127.0.0.1", host);

  it("resolves each hop once, for the connection itself", async () => {
    const resolver = stubResolver({ "calendar.test": [["127.0.0.1"]] });
    // A policy refusing nothing, so that the loopback test server stands for a public one.
    const text = await fetchIcs(named("calendar.test", "/hop.ics"), {
      allowPrivateUrls: false,
      lookup: resolver.lookup,
      refuseAddress: () => false,
    });
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(resolver.calls).toEqual(["calendar.test", "calendar.test"]);
  });

  it("connects through undici to the address the check passed, on a connection of its own for each hop", async () => {
    const connections: string[] = [];
    const onConnected = (message: unknown) => {
      const { connectParams, socket } = message as { connectParams: { hostname: string }; socket: Socket };
      connections.push(`${connectParams.hostname} ${socket.remoteAddress}`);
    };
    diagnostics.subscribe("undici:client:connected", onConnected);
    try {
      const resolver = stubResolver({ "calendar.test": [["127.0.0.1"]] });
      await fetchIcs(named("calendar.test", "/hop.ics"), { allowPrivateUrls: false, lookup: resolver.lookup, refuseAddress: () => false });
    } finally {
      diagnostics.unsubscribe("undici:client:connected", onConnected);
    }
    expect(connections).toEqual(["calendar.test 127.0.0.1", "calendar.test 127.0.0.1"]);
  });

  it("refuses a host that answers a public address to a first look and loopback to the connection (DNS rebinding)", async () => {
    const resolver = stubResolver({ "rebind.test": [["93.184.216.34"], ["127.0.0.1"]] });
    const firstLook = await new Promise((resolve) => resolver.lookup("rebind.test", { all: true }, (_error, answer) => resolve(answer)));
    expect(firstLook).toEqual([{ address: "93.184.216.34", family: 4 }]);
    const before = ics.requests.length;
    await expect(fetchIcs(named("rebind.test", "/work.ics"), { allowPrivateUrls: false, lookup: resolver.lookup })).rejects.toThrow(
      "The calendar's host rebind.test is on a private network, which Daywise does not read",
    );
    expect(ics.requests.length).toBe(before);
  });

  it.each([[["93.184.216.34", "127.0.0.1"]], [["::ffff:127.0.0.1"]], [["169.254.169.254"]], [["10.1.2.3"]]])(
    "refuses a connection when any address of the answer %j is private",
    async (answer) => {
      const resolver = stubResolver({ "calendar.test": [answer] });
      await expect(fetchIcs(named("calendar.test", "/work.ics"), { allowPrivateUrls: false, lookup: resolver.lookup })).rejects.toThrow(
        "is on a private network",
      );
    },
  );

  it.each([
    ["the loopback address", (ics: IcsTestServer) => ics.url("/work.ics")],
    ["a name answering loopback", (ics: IcsTestServer) => ics.url("/work.ics").replace("127.0.0.1", "rebind.test")],
  ])("refuses a redirect to %s", async (_name, target) => {
    const resolver = stubResolver({ "rebind.test": [["127.0.0.1"]] });
    let checks = 0;
    // The first hop stands for a public calendar server; every later one meets the real check.
    const refuseAddress = (address: string) => checks++ > 0 && isPrivateAddress(address);
    const before = ics.requests.length;
    await expect(
      fetchIcs(ics.url(`/redirect?to=${encodeURIComponent(target(ics))}`), {
        allowPrivateUrls: false,
        lookup: resolver.lookup,
        refuseAddress,
      }),
    ).rejects.toThrow("is on a private network");
    expect(ics.requests.slice(before)).toEqual(["/redirect"]);
  });

  it("follows the same redirect when private addresses are allowed", async () => {
    const text = await fetchIcs(ics.url(`/redirect?to=${encodeURIComponent(ics.url("/work.ics"))}`), { allowPrivateUrls: true });
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
  });

  it("names a host that is not found, and a lookup that never answers is the timeout", async () => {
    await expect(fetchIcs("http://nowhere.test/cal.ics", { allowPrivateUrls: false, lookup: stubResolver({}).lookup })).rejects.toThrow(
      "The calendar's host nowhere.test could not be found",
    );
    const silent: LookupFunction = () => undefined;
    await expect(fetchIcs("http://slow.test/cal.ics", { allowPrivateUrls: false, lookup: silent, timeoutMs: 200 })).rejects.toThrow(
      "did not answer within",
    );
  });

  it("ends a read still connecting as soon as its signal aborts (the server closing)", async () => {
    const closing = new AbortController();
    const silent: LookupFunction = () => closing.abort();
    await expect(
      fetchIcs("http://slow.test/cal.ics", { allowPrivateUrls: false, lookup: silent, timeoutMs: 60_000, signal: closing.signal }),
    ).rejects.toThrow("did not answer within");
  });
});

describe("fetchIcs reads compressed calendars", () => {
  let ics: IcsTestServer;
  beforeAll(async () => {
    ics = await startIcsTestServer();
  });
  afterAll(() => ics.close());

  it("unpacks a gzipped calendar, and counts the 5 MB limit after unpacking", async () => {
    expect(await fetchIcs(ics.url("/gzip.ics"), { allowPrivateUrls: true })).toMatch(/^BEGIN:VCALENDAR[\s\S]*END:VCALENDAR\r\n$/);
    await expect(fetchIcs(ics.url("/bomb.ics"), { allowPrivateUrls: true })).rejects.toThrow("larger than 5 MB");
    await expect(fetchIcs(ics.url("/broken-gzip.ics"), { allowPrivateUrls: true })).rejects.toThrow("compressed text is broken");
  });
});
