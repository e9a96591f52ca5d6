import { describe, expect, it } from "vitest";
import { formatChatStreamEvent } from "../../../../shared/api/ai.ts";
import { proposal } from "../test/proposal-fixtures.ts";
import { createSseParser, readChatStream, toChatStreamEvent } from "./sse.ts";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("createSseParser", () => {
  it("reads frames split anywhere, with \\n, \\r\\n or \\r line ends, comments and multi-line data", () => {
    const parser = createSseParser();
    expect(parser.push('data: {"del')).toEqual([]);
    expect(parser.push('ta":"a"}\n')).toEqual([]);
    expect(parser.push("\n: a comment\r\nevent: done\r\ndata: x\r")).toEqual([{ event: "message", data: '{"delta":"a"}' }]);
    expect(parser.push("\ndata: y\r\n\r\n")).toEqual([{ event: "done", data: "x\ny" }]);
    expect(parser.push("data:no-space\r\r\n")).toEqual([{ event: "message", data: "no-space" }]);
  });

  it("reads back what the server's encoder writes", () => {
    const parser = createSseParser();
    const text =
      formatChatStreamEvent({ event: "delta", data: { delta: "Hel" } }) +
      formatChatStreamEvent({ event: "delta", data: { delta: "lo\n\nthere" } }) +
      formatChatStreamEvent({ event: "done", data: { content: "Hello\n\nthere" } });
    const events = parser.push(text).map(toChatStreamEvent);
    expect(events).toEqual([
      { event: "delta", data: { delta: "Hel" } },
      { event: "delta", data: { delta: "lo\n\nthere" } },
      { event: "done", data: { content: "Hello\n\nthere" } },
    ]);
  });

  it("ignores frames that are not the chat's", () => {
    expect(toChatStreamEvent({ event: "message", data: "not json" })).toBeNull();
    expect(toChatStreamEvent({ event: "message", data: '{"other":1}' })).toBeNull();
    expect(toChatStreamEvent({ event: "ping", data: "{}" })).toBeNull();
  });
});

describe("readChatStream", () => {
  it("reports the reply as it grows and resolves with the whole of it", async () => {
    const seen: string[] = [];
    const text = await readChatStream(
      streamOf(['data: {"delta":"Plan "}\n\ndata: {"del', 'ta":"your day"}\n\n', 'event: done\ndata: {"content":"Plan your day"}\n\n']),
      (soFar) => seen.push(soFar),
    );
    expect(seen).toEqual(["Plan ", "Plan your day"]);
    expect(text).toBe("Plan your day");
  });

  it("reports each proposal the reply carries, read back from the server's encoder", async () => {
    const first = proposal();
    const second = proposal({ id: "p2", summary: "Create 1 goal" });
    const proposals: unknown[] = [];
    const text = await readChatStream(
      streamOf([
        formatChatStreamEvent({ event: "proposal", data: first }),
        'data: {"delta":"Shall I?"}\n\n',
        formatChatStreamEvent({ event: "proposal", data: second }),
        'event: proposal\ndata: {"id":"p3"}\n\n',
        'event: done\ndata: {"content":"Shall I?"}\n\n',
      ]),
      () => {},
      (carried) => proposals.push(carried),
    );
    expect(text).toBe("Shall I?");
    expect(proposals).toEqual([first, second]);
  });

  it("rejects on an error event and on a stream that stops before done", async () => {
    await expect(
      readChatStream(
        streamOf(['data: {"delta":"a"}\n\nevent: error\ndata: {"message":"Provider failed","code":"ai_provider_error"}\n\n']),
        () => {},
      ),
    ).rejects.toMatchObject({ message: "Provider failed", code: "ai_provider_error" });
    await expect(readChatStream(streamOf(['data: {"delta":"a"}\n\n']), () => {})).rejects.toMatchObject({ code: "stream_incomplete" });
  });
});

describe("readChatStream, at the end of a reply", () => {
  it("reads the body until it closes instead of cancelling it after done (a cancel aborts the request)", async () => {
    const encoder = new TextEncoder();
    const chunks = ['data: {"delta":"Hi"}\n\n', 'event: done\ndata: {"content":"Hi"}\n\n', ": the server's last bytes\n\n"];
    let cancelled = false;
    let closed = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) {
          closed = true;
          controller.close();
        } else {
          controller.enqueue(encoder.encode(next));
        }
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(readChatStream(body, () => {})).resolves.toBe("Hi");
    expect(cancelled).toBe(false);
    expect(closed).toBe(true);
  });

  it("keeps a whole reply when the connection breaks after done, and reads an error event to the end too", async () => {
    const encoder = new TextEncoder();
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("network error"));
        sent = true;
        controller.enqueue(encoder.encode('event: done\ndata: {"content":"Whole"}\n\n'));
      },
    });
    await expect(readChatStream(broken, () => {})).resolves.toBe("Whole");

    let cancelled = false;
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: error\ndata: {"message":"Provider failed","code":"ai_provider_error"}\n\n'));
        controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(readChatStream(failing, () => {})).rejects.toMatchObject({ code: "ai_provider_error" });
    expect(cancelled).toBe(false);
  });

  it("cancels the body when the stream fails before the reply is whole", async () => {
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("network error"));
        sent = true;
        controller.enqueue(new TextEncoder().encode('data: {"delta":"Hal"}\n\n'));
      },
    });
    await expect(readChatStream(broken, () => {})).rejects.toThrow("network error");
  });
});
