import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setStorageUser } from "../../../lib/user-storage.ts";
import { userQueryKey } from "../../session/index.ts";
import { AIContextProvider } from "../components/ai-context.tsx";

export const TEST_USER = { id: "u1", name: "Ada", email: "ada@example.com", avatarUrl: null, timeZone: "UTC" };

/**
 * Renders inside a query client (signed in as TEST_USER unless `user` is null), a router and the
 * chat state; `prepare` fills the query cache first.
 */
export function renderChat(
  ui: ReactElement,
  { user = TEST_USER, prepare }: { user?: typeof TEST_USER | null; prepare?: (client: QueryClient) => void } = {},
) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  setStorageUser(user?.id ?? null);
  client.setQueryData(["goals"], []);
  prepare?.(client);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AIContextProvider>{ui}</AIContextProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** A streamed chat answer made of these SSE text chunks, sent as the test pulls them. */
export function sseResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}
