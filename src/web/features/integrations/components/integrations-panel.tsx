import { KeyRound, Loader2, Plug } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { CreatedToken, PersonalAccessToken, TokenScope } from "../../../../shared/api/tokens.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { SettingsSection } from "../../../components/ui/settings-section.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { neighbourControl, useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCreateToken, useRevokeToken, useTokens } from "../api/tokens.ts";
import { MCP_CLIENTS, type McpClient, mcpClientConfig } from "../lib/client-config.ts";
import { CopyButton } from "./copy-button.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
] as const;

const day = (iso: string | null, never = "Never") =>
  iso === null ? never : new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

export function IntegrationsPanel() {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <div className="grid grid-cols-1 gap-4">
      <TokensSection created={created} onCreated={setCreated} />
      <ConnectSection token={created?.token} />
      <ConnectionsSection />
      <WebhooksSection />
    </div>
  );
}

function TokensSection({ created, onCreated }: { created: CreatedToken | null; onCreated: (token: CreatedToken) => void }) {
  const ids = { name: useId(), scope: useId(), expiry: useId() };
  const [name, setName] = useState("");
  const [scope, setScope] = useState<TokenScope>("read");
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]["value"]>("90");
  const tokens = useTokens();
  const personal = tokens.data?.filter((token) => token.kind === "personal") ?? [];
  const create = useCreateToken();
  // The emptied name disables the focused "Create token"; copying is the next step.
  const copyToken = useRef<HTMLButtonElement>(null);
  useEffect(() => copyToken.current?.focus(), [created]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { name: name.trim(), scope, ...(expiry === "never" ? {} : { expiresInDays: Number(expiry) }) };
    create.mutate(input, {
      onSuccess: (token) => {
        onCreated(token);
        setName("");
      },
    });
  }

  return (
    <SettingsSection
      title="Personal access tokens"
      description="Let your own scripts and AI clients reach your planner. A read token can only look; a write token can also add, change and delete tasks."
    >
      <form onSubmit={submit} aria-label="Create a token" className="grid gap-3 py-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Claude Desktop"
            maxLength={100}
            required
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.scope}>Access</Label>
          <Select id={ids.scope} value={scope} onChange={(event) => setScope(event.target.value as TokenScope)}>
            <option value="read">Read only</option>
            <option value="write">Read and write</option>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.expiry}>Expires</Label>
          <Select id={ids.expiry} value={expiry} onChange={(event) => setExpiry(event.target.value as typeof expiry)}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={create.isPending || name.trim() === ""}>
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          Create token
        </Button>
        {create.error ? <FormError className="sm:col-span-4">{create.error.message}</FormError> : null}
      </form>
      {created ? (
        <div role="status" className="grid grid-cols-1 gap-2 py-4">
          <p className="text-sm font-medium">Copy your new token “{created.name}” now: it will not be shown again.</p>
          <div className="flex items-center gap-2">
            <code aria-label="New token" className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-sm">
              {created.token}
            </code>
            <CopyButton ref={copyToken} text={created.token} label="Copy token" />
          </div>
        </div>
      ) : null}
      <div className="py-4">
        {tokens.isError ? (
          <FormError>{tokens.error.message}</FormError>
        ) : !tokens.data ? (
          <Skeleton className="h-16 w-full" />
        ) : personal.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tokens yet.</p>
        ) : (
          <ul aria-label="Your tokens" className="grid gap-2">
            {personal.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}

/** Apps the user allowed through OAuth (claude.ai, ChatGPT): the same list answer, revoked the same way. */
function ConnectionsSection() {
  const tokens = useTokens();
  const connections = tokens.data?.filter((token) => token.kind === "connection");
  return (
    <SettingsSection
      title="Connected apps"
      description="AI apps you allowed to reach your planner by signing in, such as claude.ai and ChatGPT connectors."
    >
      <div className="py-4">
        {tokens.isError ? (
          <FormError>{tokens.error.message}</FormError>
        ) : !connections ? (
          <Skeleton className="h-16 w-full" />
        ) : connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No connected apps. In claude.ai or ChatGPT, add a custom connector with the address{" "}
            <code className="font-mono">{`${window.location.origin}/mcp`}</code>: the app sends you here to allow it.
          </p>
        ) : (
          <ul aria-label="Connected apps" className="grid gap-2">
            {connections.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}

function TokenRow({ token }: { token: PersonalAccessToken }) {
  const revoke = useRevokeToken();
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const focusAfterClose = useFocusAfterClose();
  // An expired token still counts towards the server's cap until it is removed here.
  const [shownAt] = useState(() => Date.now());
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= shownAt;
  const action = expired ? "Remove" : "Revoke";
  const connection = token.kind === "connection";
  return (
    <li ref={row} aria-label={token.name} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <div className="grid min-w-0 gap-1">
        <p className="flex items-center gap-2 font-medium">
          <span className="truncate">{token.name}</span>
          <Badge variant={token.scope === "write" ? "warning" : "secondary"}>
            {token.scope === "write" ? "Read and write" : "Read only"}
          </Badge>
          {expired && <Badge variant="destructive">Expired</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {connection ? "Connected" : "Created"} {day(token.createdAt)} · Last used {day(token.lastUsedAt)}
          {connection ? null : ` · ${expired ? "Expired" : "Expires"} ${day(token.expiresAt)}`}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`${action} "${token.name}"`}
        onClick={() => setConfirming(true)}
        disabled={revoke.isPending}
      >
        {action}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${action} “${token.name}”?`}
        description={
          expired
            ? "The expired token leaves the list. This cannot be undone."
            : connection
              ? "The app loses access at once; to use it again, connect it again from the app."
              : "Every script and AI client using this token loses access at once. This cannot be undone."
        }
        action={action}
        onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}
        onConfirm={() => {
          focusAfterClose.set(neighbourControl(row.current, "button"));
          revoke.mutate(token.id, {
            onSuccess: () =>
              toast(
                expired
                  ? { title: "Token removed" }
                  : { title: connection ? "App disconnected" : "Token revoked", description: `“${token.name}” no longer works.` },
              ),
            onError: (error) => toast({ title: "Revoke failed", description: error.message, variant: "destructive" }),
          });
        }}
      />
    </li>
  );
}

function ConnectSection({ token }: { token: string | undefined }) {
  const [client, setClient] = useState<McpClient>("claude-desktop");
  const selectId = useId();
  const endpoint = `${window.location.origin}/mcp`;
  const config = mcpClientConfig(client, endpoint, token);
  return (
    <SettingsSection
      title="Connect your AI client"
      description="Daywise is an MCP server: your AI client can read your day and goals and, with a write token, plan tasks for you."
    >
      <div className="grid gap-3 py-4">
        <p className="flex items-center gap-2 text-sm">
          <Plug aria-hidden="true" className="size-4 text-primary" />
          Endpoint: <code className="font-mono">{endpoint}</code>
        </p>
        <p className="text-sm text-muted-foreground">
          In claude.ai or ChatGPT, add a custom connector with this endpoint and no token: they send you to Daywise to allow them. For the
          clients below, use a token.
        </p>
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={selectId}>Client</Label>
          <Select id={selectId} value={client} onChange={(event) => setClient(event.target.value as McpClient)}>
            {Object.entries(MCP_CLIENTS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <p className="text-sm text-muted-foreground">
          Add this to {MCP_CLIENTS[client].file}
          {token ? ", with your new token filled in" : ", replacing the placeholder with a token created above"}, then restart the client.
        </p>
        <pre
          role="region"
          aria-label="Client configuration"
          tabIndex={0}
          className="overflow-x-auto rounded-md border bg-muted p-3 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
        >
          {config}
        </pre>
        <div className="flex flex-wrap items-center gap-3">
          <CopyButton text={config} label="Copy configuration" />
          <a className="text-sm underline underline-offset-4" href="/api/openapi.json" target="_blank" rel="noreferrer">
            REST API description (OpenAPI)
          </a>
        </div>
      </div>
    </SettingsSection>
  );
}
