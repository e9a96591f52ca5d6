// The bench's AI provider (`npm run bench`, the breakdown scenarios): the OpenAI protocol test
// server of the integration tests, in its own process, answering every call at once with five
// suggestions, so that a breakdown's latency is the app's own overhead.
import { startAiTestServer } from "../src/server/test/ai-test-servers.ts";

export const BENCH_AI_API_KEY = "bench-openai-key-0123456789";

const reply = JSON.stringify({
  tasks: [
    { title: "Pick a training plan", description: "A 16-week plan that fits the race.", estimatedDuration: 30, priority: "high" },
    { title: "Buy running shoes", description: "Get fitted at a running shop.", estimatedDuration: 90, priority: "medium" },
    { title: "Run 5 km easy", description: "A first easy run.", estimatedDuration: 40, priority: "medium" },
    { title: "Plan long-run routes", description: "Three routes of 10, 15 and 20 km.", estimatedDuration: 45, priority: "low" },
    { title: "Book a physio check", description: "Before the mileage goes up.", estimatedDuration: 60, priority: "low" },
  ],
});

if (process.env.AI_BENCH_PORT) {
  await startAiTestServer("openai", { reply, apiKey: BENCH_AI_API_KEY, port: Number(process.env.AI_BENCH_PORT) });
}
