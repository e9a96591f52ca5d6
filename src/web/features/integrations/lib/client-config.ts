export const TOKEN_PLACEHOLDER = "dw_YOUR_TOKEN";

export type McpClient = "claude-desktop" | "cursor";

export const MCP_CLIENTS: Record<McpClient, { label: string; file: string }> = {
  "claude-desktop": { label: "Claude Desktop", file: "claude_desktop_config.json (Settings → Developer → Edit Config)" },
  cursor: { label: "Cursor", file: "~/.cursor/mcp.json, or .cursor/mcp.json in a project" },
};

// Claude Desktop starts local servers only: the mcp-remote bridge, its header in an env value (no spaces in args).
export function mcpClientConfig(client: McpClient, endpoint: string, token = TOKEN_PLACEHOLDER): string {
  const server =
    client === "cursor"
      ? { url: endpoint, headers: { Authorization: `Bearer ${token}` } }
      : {
          command: "npx",
          args: ["-y", "mcp-remote", endpoint, "--header", "Authorization:${DAYWISE_AUTH}"],
          env: { DAYWISE_AUTH: `Bearer ${token}` },
        };
  return JSON.stringify({ mcpServers: { daywise: server } }, null, 2);
}
