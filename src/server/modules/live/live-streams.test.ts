import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, expect, it, vi } from "vitest";
import { HEARTBEAT_MS, liveStreams } from "./live-streams.ts";

function fakeResponse() {
  return Object.assign(new EventEmitter(), { write: vi.fn(), end: vi.fn(), destroy: vi.fn() });
}

afterEach(() => {
  vi.useRealTimers();
});

it("a heartbeat's session check over several batches ends only the streams of dead sessions", async () => {
  vi.useFakeTimers();
  const dead = new Set(["session-7", "session-1200"]);
  const streams = liveStreams({
    liveSessionIds: async (ids) => new Set(ids.filter((id) => !dead.has(id))),
    dataVersions: async () => new Map(),
    onError: (error) => {
      throw error;
    },
  });
  const responses = Array.from({ length: 1_300 }, (_, index) => {
    const response = fakeResponse();
    streams.add(response as unknown as ServerResponse, { userId: `user-${index}`, sessionId: `session-${index}`, version: 0 });
    return response;
  });
  await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
  expect(streams.size).toBe(1_298);
  expect(responses.filter((response) => response.end.mock.calls.length > 0)).toEqual([responses[7], responses[1200]]);
  streams.closeAll();
});
