import { describe, expect, it } from "vitest";
import { mcpClientConfig, TOKEN_PLACEHOLDER } from "./client-config.ts";

describe("mcpClientConfig", () => {
  it("gives Cursor the endpoint and the bearer header", () => {
    expect(JSON.parse(mcpClientConfig("cursor", "https://plan.example/mcp", "dw_abc"))).toEqual({
      mcpServers: { daywise: { url: "https://plan.example/mcp", headers: { Authorization: "Bearer dw_abc" } } },
    });
  });

  it("gives Claude Desktop the mcp-remote bridge, the token in its env, a placeholder without a token", () => {
    const config = JSON.parse(mcpClientConfig("claude-desktop", "https://plan.example/mcp"));
    expect(config.mcpServers.daywise).toEqual({
      command: "npx",
      args: ["-y", "mcp-remote", "https://plan.example/mcp", "--header", "Authorization:${DAYWISE_AUTH}"],
      env: { DAYWISE_AUTH: `Bearer ${TOKEN_PLACEHOLDER}` },
    });
  });
});
