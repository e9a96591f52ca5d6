// Local HTTP servers that speak the AI providers' real wire protocols, so that the real AI SDK
// clients run end to end through <P>_BASE_URL (no test calls a real provider):
//  - "openai": POST {base}/chat/completions, Bearer key; JSON, or with `stream: true` server-sent
//    events of chat.completion.chunk objects ending `data: [DONE]` (OpenRouter speaks the same,
//    under its /api/v1 base);
//  - "anthropic": POST {base}/messages, x-api-key; JSON, or with `stream: true` the events
//    message_start, content_block_start, content_block_delta (text_delta), content_block_stop,
//    message_delta, message_stop;
//  - "gemini": POST {base}/models/{model}:generateContent (JSON) and
//    :streamGenerateContent?alt=sse (events of GenerateContentResponse objects), x-goog-api-key.
// Structured output (issue 14), as each SDK asks for it: OpenAI and OpenRouter `response_format`
// json_schema, Gemini `generationConfig.responseMimeType` application/json with a responseSchema,
// Anthropic `output_config.format` json_schema (models that have it) or a forced tool named
// "json" (the others), which is answered with a tool_use block holding the reply's JSON. With
// `structuredOutput: "unsupported"` such a request is refused with 400, as by a local model server
// without structured output; plain text requests are answered as always.
// Tool calls (decision 033): `toolCalls` holds rounds of calls; a request that offers tools and carries
// back r rounds of tool results is answered with round r, and past the last round with the text reply: OpenAI `tool_calls` (streamed as
// argument deltas), Anthropic `tool_use` blocks (streamed as input_json_delta), Gemini
// `functionCall` parts. An input given as a string is sent as is (arguments that are not JSON).
// Each records the requests it received and can be told to fail.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AiProviderName } from "../../shared/api/ai.ts";
import type { AiConfig } from "../config.ts";

export type AiProtocol = "openai" | "anthropic" | "gemini";

export type AiTestFailure =
  | "none"
  | "unauthorized" // 401 with the provider's error body (OpenAI's echoes part of the key)
  | "rate-limited" // 429 with Retry-After: 7
  | "server-error" // 500
  | "hang" // never answers
  | "malformed" // 200 with a body that is not the protocol's
  | "break-mid-stream" // streamed: the first piece, then the connection is cut
  | "stall-mid-stream"; // streamed: the first piece, then nothing more

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

/** A tool call the server answers with: the tool's name and its input (a string: raw, possibly bad JSON). */
export interface TestToolCall {
  name: string;
  input: unknown;
}

/** Whether the server takes a JSON schema for the answer, or refuses such a request with 400. */
export type StructuredOutputSupport = "supported" | "unsupported";

export interface AiTestServer {
  protocol: AiProtocol;
  structuredOutput: StructuredOutputSupport;
  /** The base URL to configure (<P>_BASE_URL). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The reply's text; streamed in `chunks` pieces. */
  reply: string;
  chunks: number;
  failure: AiTestFailure;
  /** The key the server accepts; any other gets 401. */
  apiKey: string;
  /** Requests whose connection closed before the server finished its answer (the client gave up). */
  cancelledRequests: number;
  /** Rounds of tool calls answered to a request that offers tools; empty: text only. */
  toolCalls: TestToolCall[][];
  /** performance.now() when the last streamed tool calls were sent in full. */
  toolCallsSentAt: number;
  /** "unsupported": a request that offers tools is refused with 400, as by a local model without tool calling. */
  tools: "supported" | "unsupported";
  close(): Promise<void>;
}

const basePaths: Record<AiProtocol, string> = { openai: "/v1", anthropic: "/v1", gemini: "/v1beta" };

function splitText(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
  return pieces;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function keyOf(protocol: AiProtocol, headers: IncomingMessage["headers"]): string | undefined {
  if (protocol === "anthropic") return headers["x-api-key"] as string | undefined;
  if (protocol === "gemini") return headers["x-goog-api-key"] as string | undefined;
  return headers.authorization?.replace(/^Bearer /, "");
}

function errorBody(protocol: AiProtocol, status: number, message: string, key = ""): unknown {
  if (protocol === "anthropic") {
    return {
      type: "error",
      error: { type: status === 401 ? "authentication_error" : status === 429 ? "rate_limit_error" : "api_error", message },
    };
  }
  if (protocol === "gemini") return { error: { code: status, message, status: status === 401 ? "UNAUTHENTICATED" : "UNAVAILABLE" } };
  // OpenAI's own 401 quotes the start and end of the key it refused.
  const quoted = status === 401 && key ? `${message}: ${key.slice(0, 6)}***${key.slice(-4)}` : message;
  return { error: { message: quoted, type: "invalid_request_error", code: status === 401 ? "invalid_api_key" : null } };
}

/** How the request asks for a structured answer, if it does. */
function structuredRequest(protocol: AiProtocol, body: unknown): "schema" | "json-tool" | null {
  const request = (body ?? {}) as {
    response_format?: { type?: string };
    generationConfig?: { responseMimeType?: string };
    output_config?: { format?: { type?: string } };
    tools?: { name?: string }[];
  };
  if (protocol === "openai") return request.response_format?.type?.startsWith("json") ? "schema" : null;
  if (protocol === "gemini") return request.generationConfig?.responseMimeType === "application/json" ? "schema" : null;
  if (request.output_config?.format?.type === "json_schema") return "schema";
  return request.tools?.some((tool) => tool.name === "json") ? "json-tool" : null;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The protocol's complete (non-streamed) answer; `toolInput`: Anthropic's forced "json" tool called with it. */
function completeAnswer(protocol: AiProtocol, text: string, toolInput?: Record<string, unknown>): unknown {
  if (protocol === "anthropic") {
    return {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model: "test-model",
      content: toolInput ? [{ type: "tool_use", id: "toolu_test", name: "json", input: toolInput }] : [{ type: "text", text }],
      stop_reason: toolInput ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    };
  }
  if (protocol === "gemini") {
    return {
      candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: "test-model",
    };
  }
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "test-model",
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** The protocol's stream: the events before the text, one per piece, and the closing ones. */
function streamEvents(protocol: AiProtocol, pieces: string[]): { head: string[]; piece: (text: string) => string; tail: string[] } {
  const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
  if (protocol === "anthropic") {
    return {
      head: [
        sse(
          {
            type: "message_start",
            message: {
              id: "msg_test",
              type: "message",
              role: "assistant",
              model: "test-model",
              content: [],
              stop_reason: null,
              usage: { input_tokens: 10, output_tokens: 1 },
            },
          },
          "message_start",
        ),
        sse({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }, "content_block_start"),
      ],
      piece: (text) => sse({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }, "content_block_delta"),
      tail: [
        sse({ type: "content_block_stop", index: 0 }, "content_block_stop"),
        sse(
          { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: pieces.length } },
          "message_delta",
        ),
        sse({ type: "message_stop" }, "message_stop"),
      ],
    };
  }
  if (protocol === "gemini") {
    return {
      head: [],
      piece: (text) => sse({ candidates: [{ content: { parts: [{ text }], role: "model" }, index: 0 }] }),
      tail: [
        sse({
          candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
          usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
        }),
      ],
    };
  }
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, usage?: unknown) =>
    sse({
      id: "chatcmpl-test",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "test-model",
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...(usage ? { usage } : {}),
    });
  return {
    head: [chunk({ role: "assistant", content: "" })],
    piece: (text) => chunk({ content: text }),
    tail: [chunk({}, "stop", { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }), "data: [DONE]\n\n"],
  };
}

type Body = Record<string, unknown> & {
  tools?: unknown[];
  messages?: Array<{ role?: string; content?: unknown; tool_calls?: unknown[] }>;
  contents?: Array<{ parts?: Array<Record<string, unknown>> }>;
};

/** Gemini's function declarations take a string format of enum or date-time only, and answer 400 to any other. */
function unsupportedGeminiFormat(body: unknown): string | undefined {
  const formats = [...JSON.stringify((body as Body | null)?.tools ?? []).matchAll(/"format":"([^"]*)"/g)].map((match) => match[1]!);
  return formats.find((format) => format !== "enum" && format !== "date-time");
}

/** Whether the request offers tools other than Anthropic's forced "json" one. */
function offersTools(body: unknown): boolean {
  const tools = (body as Body | null)?.tools ?? [];
  return tools.length > 0 && !tools.every((tool) => (tool as { name?: string }).name === "json");
}

/** How many rounds of tool results the request carries back. */
export function toolResultRounds(protocol: AiProtocol, body: unknown): number {
  const request = (body ?? {}) as Body;
  if (protocol === "gemini")
    return (request.contents ?? []).filter((content) => content.parts?.some((part) => part.functionResponse)).length;
  if (protocol === "anthropic") {
    return (request.messages ?? []).filter(
      (message) => Array.isArray(message.content) && message.content.some((block: { type?: string }) => block.type === "tool_result"),
    ).length;
  }
  return (request.messages ?? []).filter((message) => message.role === "assistant" && (message.tool_calls?.length ?? 0) > 0).length;
}

const rawInput = (input: unknown) => (typeof input === "string" ? input : JSON.stringify(input));

/** The protocol's complete answer calling `calls`. */
function toolCallAnswer(protocol: AiProtocol, calls: readonly TestToolCall[]): unknown {
  if (protocol === "anthropic") {
    return {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model: "test-model",
      content: calls.map((call, index) => ({ type: "tool_use", id: `toolu_${index}`, name: call.name, input: call.input })),
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    };
  }
  if (protocol === "gemini") {
    return {
      candidates: [
        {
          content: { parts: calls.map((call) => ({ functionCall: { name: call.name, args: call.input } })), role: "model" },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    };
  }
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "test-model",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: null,
          tool_calls: calls.map((call, index) => ({
            id: `call_${index}`,
            type: "function",
            function: { name: call.name, arguments: rawInput(call.input) },
          })),
        },
        finish_reason: "tool_calls",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** The protocol's streamed answer calling `calls`, the arguments in two pieces where the protocol streams them. */
function toolCallEvents(protocol: AiProtocol, calls: readonly TestToolCall[]): string[] {
  const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
  const halves = (text: string) => [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];
  if (protocol === "anthropic") {
    const message = { id: "msg_test", type: "message", role: "assistant", model: "test-model", content: [], stop_reason: null };
    return [
      sse({ type: "message_start", message: { ...message, usage: { input_tokens: 10, output_tokens: 1 } } }, "message_start"),
      ...calls.flatMap((call, index) => [
        sse(
          { type: "content_block_start", index, content_block: { type: "tool_use", id: `toolu_${index}`, name: call.name, input: {} } },
          "content_block_start",
        ),
        ...halves(rawInput(call.input)).map((partial_json) =>
          sse({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } }, "content_block_delta"),
        ),
        sse({ type: "content_block_stop", index }, "content_block_stop"),
      ]),
      sse({ type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 5 } }, "message_delta"),
      sse({ type: "message_stop" }, "message_stop"),
    ];
  }
  if (protocol === "gemini") return [sse(toolCallAnswer("gemini", calls))];
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    sse({
      id: "chatcmpl-test",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "test-model",
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  return [
    chunk({ role: "assistant", content: null }),
    ...calls.flatMap((call, index) => {
      const [head, tail] = halves(rawInput(call.input));
      return [
        chunk({ tool_calls: [{ index, id: `call_${index}`, type: "function", function: { name: call.name, arguments: head } }] }),
        chunk({ tool_calls: [{ index, function: { arguments: tail } }] }),
      ];
    }),
    chunk({}, "tool_calls"),
    "data: [DONE]\n\n",
  ];
}

function isStreamed(protocol: AiProtocol, url: string, body: unknown): boolean {
  if (protocol === "gemini") return url.includes(":streamGenerateContent");
  return (body as { stream?: unknown } | null)?.stream === true;
}

function isProtocolPath(protocol: AiProtocol, path: string): boolean {
  const base = basePaths[protocol];
  if (protocol === "openai") return path === `${base}/chat/completions` || path === `/api${base}/chat/completions`;
  if (protocol === "anthropic") return path === `${base}/messages`;
  return new RegExp(`^${base}/models/[^/:]+:(generateContent|streamGenerateContent)$`).test(path);
}

export async function startAiTestServer(
  protocol: AiProtocol,
  options: { apiKey?: string; reply?: string; chunks?: number; basePath?: string; port?: number } = {},
): Promise<AiTestServer> {
  const state: AiTestServer = {
    protocol,
    structuredOutput: "supported",
    baseUrl: "",
    requests: [],
    reply: options.reply ?? "Here is a plan for your day.",
    chunks: options.chunks ?? 3,
    failure: "none",
    apiKey: options.apiKey ?? `test-key-${protocol}-0123456789abcdef`,
    cancelledRequests: 0,
    toolCalls: [],
    toolCallsSentAt: 0,
    tools: "supported",
    close: async () => {},
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw: Buffer[] = [];
    for await (const chunk of req) raw.push(chunk as Buffer);
    let body: unknown = null;
    try {
      body = JSON.parse(Buffer.concat(raw).toString("utf8"));
    } catch {
      body = Buffer.concat(raw).toString("utf8");
    }
    state.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    res.on("close", () => {
      if (!res.writableFinished) state.cancelledRequests++;
    });

    const path = (req.url ?? "").split("?")[0]!;
    if (req.method === "GET" && path === "/health") return sendJson(res, 200, { ok: true });
    if (req.method !== "POST" || !isProtocolPath(protocol, path)) return sendJson(res, 404, errorBody(protocol, 404, `no route ${path}`));
    const key = keyOf(protocol, req.headers);
    if (state.failure === "unauthorized" || key !== state.apiKey) {
      return sendJson(res, 401, errorBody(protocol, 401, "Incorrect API key provided", key));
    }
    if (state.failure === "rate-limited") return sendJson(res, 429, errorBody(protocol, 429, "Rate limit reached"), { "retry-after": "7" });
    if (state.failure === "server-error") return sendJson(res, 500, errorBody(protocol, 500, "The server had an error"));
    if (state.failure === "hang") return; // the client's timeout or disconnect ends it
    const streamed = isStreamed(protocol, req.url ?? "", body);
    if (offersTools(body) && state.tools === "unsupported") {
      return sendJson(res, 400, errorBody(protocol, 400, "registry.ollama.ai/library/test-model does not support tools"));
    }
    const format = protocol === "gemini" ? unsupportedGeminiFormat(body) : undefined;
    if (format !== undefined) {
      const message = `function_declarations parameters format '${format}': only 'enum' and 'date-time' are supported for STRING type`;
      return sendJson(res, 400, errorBody(protocol, 400, message));
    }
    const round = offersTools(body) ? state.toolCalls[toolResultRounds(protocol, body)] : undefined;
    if (round) {
      if (!streamed) return sendJson(res, 200, toolCallAnswer(protocol, round));
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const event of toolCallEvents(protocol, round)) {
        res.write(event);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      state.toolCallsSentAt = performance.now();
      res.end();
      return;
    }
    if (state.failure === "malformed") {
      res.writeHead(200, { "content-type": streamed ? "text/event-stream" : "application/json" });
      res.end(streamed ? "data: {this is not json\n\n" : '{"choices": [ this is not json');
      return;
    }
    if (!streamed) {
      const structured = structuredRequest(protocol, body);
      if (structured && state.structuredOutput === "unsupported") {
        return sendJson(res, 400, errorBody(protocol, 400, "This model does not support a JSON schema for its answer (response_format)"));
      }
      // A model that ignored the forced tool answers with text (the reply is not a JSON object).
      const toolInput = structured === "json-tool" ? (parseJsonObject(state.reply) ?? undefined) : undefined;
      return sendJson(res, 200, completeAnswer(protocol, state.reply, toolInput));
    }

    const pieces = splitText(state.reply, state.chunks);
    const events = streamEvents(protocol, pieces);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const event of events.head) res.write(event);
    for (const [index, piece] of pieces.entries()) {
      res.write(events.piece(piece));
      if (index === 0 && state.failure === "break-mid-stream") {
        await new Promise((resolve) => setTimeout(resolve, 20));
        res.socket?.destroy();
        return;
      }
      if (index === 0 && state.failure === "stall-mid-stream") return;
      // A pause between pieces, so that each one travels on its own.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const event of events.tail) res.write(event);
    res.end();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}${options.basePath ?? basePaths[protocol]}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A base URL where nothing listens (a port that was just free). */
export async function unreachableBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

export type ProviderTestServers = Record<AiProviderName, AiTestServer>;

/** One server per provider: OpenRouter speaks OpenAI's chat completions under its own /api/v1. */
export async function startProviderTestServers(reply: string): Promise<ProviderTestServers> {
  const [openai, gemini, claude, openrouter] = await Promise.all([
    startAiTestServer("openai", { reply }),
    startAiTestServer("gemini", { reply }),
    startAiTestServer("anthropic", { reply }),
    startAiTestServer("openai", { reply, basePath: "/api/v1", apiKey: "test-key-openrouter-0123456789abcdef" }),
  ]);
  return { openai, gemini, claude, openrouter };
}

/** The AI config of a test app: each provider with a server gets its key and base URL, model `test-<name>-model`; limits off. */
export function aiTestConfig(servers: Partial<ProviderTestServers>, overrides: Partial<AiConfig> = {}): AiConfig {
  const provider = (name: AiProviderName) => {
    const server = servers[name];
    return server ? { apiKey: server.apiKey, baseUrl: server.baseUrl, model: `test-${name}-model` } : { model: `test-${name}-model` };
  };
  return {
    providers: { openai: provider("openai"), gemini: provider("gemini"), claude: provider("claude"), openrouter: provider("openrouter") },
    timeoutMs: 10_000,
    rateLimitPerMinute: 0,
    rateLimitPerDay: 0,
    ...overrides,
  };
}
