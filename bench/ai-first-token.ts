// The AI chat's streaming budget (issue 13): the first piece of a reply reaches the client within
// 50 ms of the provider sending it. The provider (bench/ai-provider-server.mjs) writes the
// wall-clock time into its first piece; this client notes when that piece arrives through the
// app's `POST /api/ai/chat` stream (Accept: text/event-stream), one chat at a time, as a browser
// reads it. Both clocks are this machine's (performance.timeOrigin + performance.now()).
export const FIRST_TOKEN_BUDGET_MS = 50;
/** How the provider marks the time it sent its first piece: "sent-at:<epoch ms> ". */
export const SENT_AT_PREFIX = "sent-at:";
const CHATS = Number(process.env.BENCH_FIRST_TOKEN_CHATS ?? 40);

export interface FirstTokenResult {
  samplesMs: number[];
  medianMs: number;
  maxMs: number;
  pass: boolean;
}

const nowMs = () => performance.timeOrigin + performance.now();

/** One streamed chat: how long its first delta took from the provider to here. */
async function firstTokenDelay(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${baseUrl}/api/ai/chat`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", accept: "text/event-stream", "accept-encoding": "gzip, deflate, br" },
    body: JSON.stringify({ message: "What should I do first?", provider: "openai" }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`POST /api/ai/chat answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const arrivedAt = nowMs();
      if (done) throw new Error(`the stream ended before its first piece: ${buffered.slice(0, 200)}`);
      buffered += value;
      const line = buffered.split("\n").find((candidate) => candidate.startsWith("data: ") && candidate.includes(SENT_AT_PREFIX));
      if (!line) continue;
      const delta = (JSON.parse(line.slice("data: ".length)) as { delta: string }).delta;
      const sentAt = Number(delta.slice(delta.indexOf(SENT_AT_PREFIX) + SENT_AT_PREFIX.length).split(" ")[0]);
      return arrivedAt - sentAt;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export async function measureFirstToken(baseUrl: string, headers: Record<string, string>): Promise<FirstTokenResult> {
  await firstTokenDelay(baseUrl, headers); // warm-up: the provider client's first connection
  const samplesMs: number[] = [];
  for (let i = 0; i < CHATS; i++) samplesMs.push(await firstTokenDelay(baseUrl, headers));
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const maxMs = sorted.at(-1)!;
  return { samplesMs, medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs, pass: maxMs < FIRST_TOKEN_BUDGET_MS };
}
