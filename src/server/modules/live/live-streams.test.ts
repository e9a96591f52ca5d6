import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, expect, it, vi } from "vitest";
import { CREDENTIAL_CHECK_MS, HEARTBEAT_MS, liveStreams } from "./live-streams.ts";

function fakeResponse() {
  return Object.assign(new EventEmitter(), { write: vi.fn(), end: vi.fn(), destroy: vi.fn() });
}

afterEach(() => {
  vi.useRealTimers();
});

it("a check over several batches ends only the streams of dead sessions and tokens", async () => {
  vi.useFakeTimers();
  const dead = new Set(["session-7", "token-1200"]);
  const streams = liveStreams({
    liveCredentialIds: async (kind, ids) => new Set(ids.filter((id) => id.startsWith(kind) && !dead.has(id))),
    dataVersions: async () => new Map(),
    onError: (error) => {
      throw error;
    },
  });
  const responses = Array.from({ length: 1_300 }, (_, index) => {
    const response = fakeResponse();
    const kind = index % 2 === 0 ? "token" : "session";
    streams.add(response as unknown as ServerResponse, {
      userId: `user-${index}`,
      credential: { kind, id: `${kind}-${index}` },
      version: 0,
    });
    return response;
  });
  await vi.advanceTimersByTimeAsync(CREDENTIAL_CHECK_MS);
  expect(streams.size).toBe(1_298);
  expect(responses.filter((response) => response.end.mock.calls.length > 0)).toEqual([responses[7], responses[1200]]);
  // The check runs every second; the heartbeat is written at its own, longer interval.
  expect(responses[0]!.write).not.toHaveBeenCalledWith(": heartbeat\n\n");
  await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(responses[0]!.write).toHaveBeenCalledWith(": heartbeat\n\n");
  streams.closeAll();
});
