// An OpenAI-compatible provider that answers at once, for the AI chat's budgets (issue 13): the
// app's OPENAI_BASE_URL points here during the bench. In its own process, like the baseline, so
// its work never shares the app's or the load generator's event loop.
//  - POST /v1/chat/completions without `stream`: the whole reply as JSON, at once; a request with
//    a JSON schema in `response_format` (a goal breakdown) gets five suggestions as that object.
//  - With `stream: true`: the first piece at once, carrying the wall-clock time it was sent
//    ("sent-at:<epoch ms>"), then the rest FIRST_TOKEN_GAP_MS later, so the bench can tell how long
//    the first piece took to reach a client through the app (bench/ai-first-token.ts);
//  - a streamed request offering tools whose messages hold PROPOSE_TRIGGER and no tool result yet:
//    a createTasks call whose task title carries the time its last piece was sent; after the tool
//    result, the reply.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { PROPOSE_TRIGGER, SENT_AT_PREFIX } from "./ai-first-token.ts";

const FIRST_TOKEN_GAP_MS = 100;
const REPLY = "Start with your most important task, then take a short break.";
const SUGGESTIONS = JSON.stringify({
  tasks: [
    { title: "Pick a training plan", description: "A 16-week plan that fits the race.", estimatedDuration: 30, priority: "high" },
    { title: "Buy running shoes", description: "Get fitted at a running shop.", estimatedDuration: 90, priority: "medium" },
    { title: "Run 5 km easy", description: "A first easy run.", estimatedDuration: 40, priority: "medium" },
    { title: "Plan long-run routes", description: "Three routes of 10, 15 and 20 km.", estimatedDuration: 45, priority: "low" },
    { title: "Book a physio check", description: "Before the mileage goes up.", estimatedDuration: 60, priority: "low" },
  ],
});

const nowMs = () => performance.timeOrigin + performance.now();
const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "bench-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === "GET" && req.url === "/health") return void res.writeHead(200).end("ok");
  const raw: Buffer[] = [];
  for await (const part of req) raw.push(part as Buffer);
  if (req.method !== "POST" || !req.url?.startsWith("/v1/chat/completions")) return void res.writeHead(404).end();
  const body = JSON.parse(Buffer.concat(raw).toString("utf8")) as {
    stream?: boolean;
    response_format?: { type?: string };
    tools?: unknown[];
    messages?: Array<{ role?: string }>;
  };
  if (body.stream !== true) {
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-bench",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "bench-model",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: body.response_format?.type === "json_schema" ? SUGGESTIONS : REPLY },
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 14, total_tokens: 134 },
      }),
    );
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const asksForProposal =
    body.tools !== undefined && JSON.stringify(body.messages).includes(PROPOSE_TRIGGER) && !body.messages?.some((m) => m.role === "tool");
  if (asksForProposal) {
    const call = { index: 0, id: "call_bench", type: "function", function: { name: "createTasks", arguments: "" } };
    res.write(chunk({ role: "assistant", content: null, tool_calls: [call] }));
    const task = { title: `${SENT_AT_PREFIX}${nowMs()} Call the bank`, date: "today", scheduledStartTime: "15:00" };
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify({ tasks: [task] }) } }] }));
    res.write(chunk({}, "tool_calls"));
    res.end("data: [DONE]\n\n");
    return;
  }
  res.write(chunk({ role: "assistant", content: "" }));
  res.write(chunk({ content: `${SENT_AT_PREFIX}${nowMs()} ` }));
  await new Promise((resolve) => setTimeout(resolve, FIRST_TOKEN_GAP_MS));
  res.write(chunk({ content: REPLY }));
  res.write(chunk({}, "stop"));
  res.end("data: [DONE]\n\n");
}

const port = Number(process.env.PORT ?? 3400);
const server = createServer((req, res) => {
  handle(req, res).catch(() => res.destroy());
});
server.listen(port, "127.0.0.1");
const close = () => server.close(() => process.exit(0));
process.once("SIGTERM", close);
process.once("SIGINT", close);
