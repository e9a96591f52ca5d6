import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { useChat } from "../hooks/use-chat.ts";
import { formatChatStreamEvent } from "../../../../shared/api/ai-chat.ts";
import { readUserItem } from "../../../lib/user-storage.ts";
import { renderChat, sseResponse } from "../test/chat-test-utils.tsx";
import { proposal } from "../test/proposal-fixtures.ts";
import { useAIContext } from "./ai-context.tsx";
import { ChatView } from "./chat-view.tsx";

function Harness() {
  const chat = useChat();
  return <ChatView chat={chat} />;
}

function CompactHarness() {
  const chat = useChat();
  const { setSizeMode } = useAIContext();
  return (
    <>
      <button type="button" onClick={() => setSizeMode("compact")}>
        make compact
      </button>
      <ChatView chat={chat} />
    </>
  );
}

const chatCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === "/api/ai/chat")
    .map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ChatView", () => {
  it("says under the input when the chosen provider is not configured on the server", async () => {
    const providers = {
      providers: [
        { name: "openai", displayName: "OpenAI", description: "", features: [], available: false },
        { name: "gemini", displayName: "Google Gemini", description: "", features: [], available: true },
      ],
    };
    mockFetch((url) => jsonResponse(url === "/api/ai/providers" ? providers : []));
    renderChat(<Harness />);
    expect(await screen.findByRole("note")).toHaveTextContent(
      "OpenAI is not configured. Providers are set up on the server: contact your administrator to configure it.",
    );
  });

  it("says, instead of an input, that the server has no provider and whom to ask", async () => {
    const providers = {
      providers: ["openai", "gemini", "claude", "openrouter"].map((name) => ({
        name,
        displayName: name,
        description: "",
        features: [],
        available: false,
      })),
    };
    mockFetch((url) => jsonResponse(url === "/api/ai/providers" ? providers : []));
    renderChat(<Harness />);
    expect(await screen.findByTestId("ai-chat-unavailable")).toHaveTextContent(
      "No AI provider is set up on this server, so the assistant cannot answer. Ask the server's administrator to configure one.",
    );
    expect(screen.queryByLabelText("Message the AI assistant")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Quick prompts" })).not.toBeInTheDocument();
  });

  it("after the provider refused the server's credentials, says so instead of the input, with no 'try again' reply", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const refused = new Response(JSON.stringify({ message: "OpenAI refused this server's credentials", code: "ai_provider_auth" }), {
      status: 502,
      headers: { "Content-Type": "application/json" },
    });
    const fetchMock = mockFetch((url) => (url === "/api/ai/chat" ? refused : jsonResponse([])));
    renderChat(<Harness />);
    await userEvent.type(screen.getByLabelText("Message the AI assistant"), "Plan my morning{Enter}");
    const notice = await screen.findByTestId("ai-chat-unavailable");
    expect(notice).toHaveTextContent(
      "OpenAI refused this server's credentials, so the assistant cannot answer. Ask the server's administrator to check its key.",
    );
    expect(notice).toHaveFocus();
    expect(screen.queryByLabelText("Message the AI assistant")).not.toBeInTheDocument();
    expect(screen.queryByText("Sorry, I encountered an error. Please try again.")).not.toBeInTheDocument();
    expect(chatCalls(fetchMock)).toHaveLength(1);
  });

  it("gives another provider its chance after one refused the server's credentials", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    mockFetch((url) =>
      url === "/api/ai/chat"
        ? new Response(JSON.stringify({ message: "refused", code: "ai_provider_auth" }), { status: 502 })
        : jsonResponse([]),
    );
    function SwitchingHarness() {
      const chat = useChat();
      return (
        <>
          <button type="button" onClick={() => chat.setProvider("gemini")}>
            use gemini
          </button>
          <ChatView chat={chat} />
        </>
      );
    }
    renderChat(<SwitchingHarness />);
    await userEvent.type(screen.getByLabelText("Message the AI assistant"), "Hi{Enter}");
    expect(await screen.findByTestId("ai-chat-unavailable")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "use gemini" }));
    expect(screen.getByLabelText("Message the AI assistant")).toBeEnabled();
  });

  it("shows Thinking... with the input and Send disabled while sending, then the streamed reply", async () => {
    const reply = deferred<Response>();
    const fetchMock = mockFetch((url) => (url === "/api/ai/chat" ? reply.promise : jsonResponse([])));
    renderChat(<Harness />);
    const input = screen.getByLabelText("Message the AI assistant");
    await userEvent.type(input, "Plan my morning{Enter}");

    expect(await screen.findByText("Thinking...")).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    expect(screen.getByRole("log")).toHaveAttribute("aria-live", "polite");

    reply.resolve(
      sseResponse([
        'data: {"delta":"Start with "}\n\n',
        'data: {"delta":"**focus**"}\n\nevent: done\ndata: {"content":"Start with **focus**"}\n\n',
      ]),
    );
    expect(await screen.findByText("focus", { selector: "strong" })).toBeInTheDocument();
    await waitFor(() => expect(input).toBeEnabled());
    expect(screen.queryByText("Thinking...")).not.toBeInTheDocument();

    const [body] = chatCalls(fetchMock);
    expect(body).toMatchObject({ message: "Plan my morning", provider: "openai", conversationHistory: [] });
    expect(body?.context).toMatchObject({ goals: [], tasks: [], completionRate: 0, averageCapacity: 6 });
    const headers = new Headers(fetchMock.mock.calls.find(([url]) => url === "/api/ai/chat")?.[1].headers);
    expect(headers.get("Accept")).toBe("text/event-stream");
  });

  it("shows the reply's proposal as a card that takes the focus, and stores only its summary, id and state", async () => {
    const shown = proposal({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    mockFetch((url) =>
      url === "/api/ai/chat"
        ? sseResponse([
            'data: {"delta":"Here is the plan."}\n\n',
            formatChatStreamEvent({ event: "proposal", data: shown }),
            'event: done\ndata: {"content":"Here is the plan."}\n\n',
          ])
        : jsonResponse([]),
    );
    renderChat(<Harness />);
    await userEvent.type(screen.getByLabelText("Message the AI assistant"), "Move the report to tomorrow{Enter}");

    const card = await screen.findByRole("group", { name: /Move 1 task, create 1 task/ });
    expect(within(card).getByRole("button", { name: "Apply" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Message the AI assistant")).toBeEnabled());
    // The reply is complete: the focus stays on the proposal, not back in the input.
    expect(card).toHaveFocus();
    expect(screen.getByText("Here is the plan.")).toBeInTheDocument();

    const stored = JSON.parse(readUserItem("ai-chat-messages") ?? "[]") as { role: string; proposals?: unknown }[];
    expect(stored.at(-1)).toMatchObject({
      role: "assistant",
      content: "Here is the plan.",
      proposals: [{ id: "p1", summary: "Move 1 task, create 1 task", status: "open", expiresAt: shown.expiresAt }],
    });
  });

  it.each([true, false])("shows in the chat what the server refused and why, beside the reply's claim (streamed: %s)", async (streamed) => {
    const refusal = {
      tool: "create_tasks",
      title: "Create tasks",
      reason: "tasks.0.scheduledStartTime: must be a time HH:MM from 00:00 to 23:59.",
    };
    mockFetch((url) => {
      if (url !== "/api/ai/chat") return jsonResponse([]);
      if (!streamed) return jsonResponse({ content: "I have handled that.", refusals: [refusal] });
      return sseResponse([
        formatChatStreamEvent({ event: "refusal", data: refusal }),
        formatChatStreamEvent({ event: "delta", data: { delta: "I have handled that." } }),
        formatChatStreamEvent({ event: "done", data: { content: "I have handled that." } }),
      ]);
    });
    renderChat(<Harness />);
    await userEvent.type(screen.getByLabelText("Message the AI assistant"), "Add 'Call the bank' at 3pm{Enter}");

    const notice = await screen.findByRole("group", { name: "Not done: Create tasks" });
    expect(notice).toHaveTextContent("The start time must be a time HH:MM from 00:00 to 23:59.");
    expect(notice).toHaveTextContent("Nothing was changed.");
    expect(screen.getByText("I have handled that.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Message the AI assistant")).toBeEnabled());

    // Kept with the reply: the conversation reloaded from storage still says it.
    const stored = JSON.parse(readUserItem("ai-chat-messages") ?? "[]") as { refusals?: unknown }[];
    expect(stored.at(-1)).toMatchObject({ refusals: [refusal] });
  });

  it("does not send an empty or blank message", async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    renderChat(<Harness />);
    const input = screen.getByLabelText("Message the AI assistant");
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    await userEvent.type(input, "   {Enter}");
    expect(send).toBeDisabled();
    expect(chatCalls(fetchMock)).toEqual([]);
  });

  it("answers a failure with the error message, and leaves it out of the next history", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let call = 0;
    const fetchMock = mockFetch((url) => {
      if (url !== "/api/ai/chat") return jsonResponse([]);
      call += 1;
      return call === 1 ? errorResponse(502, "The provider failed") : jsonResponse({ content: "Better now" });
    });
    renderChat(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Help me plan my day" }));
    expect(await screen.findByText("Sorry, I encountered an error. Please try again.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Message the AI assistant"), "Again{Enter}");
    expect(await screen.findByText("Better now")).toBeInTheDocument();
    expect(chatCalls(fetchMock)[1]?.conversationHistory).toEqual([{ role: "user", content: "Help me plan my day" }]);
  });

  it("shows four quick prompts, two in compact mode", async () => {
    mockFetch(() => jsonResponse([]));
    renderChat(<CompactHarness />);
    const prompts = () => within(screen.getByRole("group", { name: "Quick prompts" })).getAllByRole("button");
    expect(prompts().map((button) => button.textContent)).toEqual([
      "Help me plan my day",
      "Break down my goal",
      "I'm feeling overwhelmed",
      "Time management tips",
    ]);
    await userEvent.click(screen.getByRole("button", { name: "make compact" }));
    expect(prompts()).toHaveLength(2);
  });

  it("shows a reply's raw HTML as text", async () => {
    mockFetch((url) =>
      url === "/api/ai/chat" ? jsonResponse({ content: 'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>' }) : jsonResponse([]),
    );
    const { container } = renderChat(<Harness />);
    await userEvent.type(screen.getByLabelText("Message the AI assistant"), "html{Enter}");
    expect(await screen.findByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument();
    expect(container.querySelector("img, script")).toBeNull();
  });

  it("asks a signed-out visitor to log in", () => {
    mockFetch(() => jsonResponse([]));
    renderChat(<Harness />, { user: null });
    expect(screen.getByText("Please log in to access the AI planning assistant.")).toBeInTheDocument();
    expect(screen.queryByRole("log")).not.toBeInTheDocument();
  });
});
