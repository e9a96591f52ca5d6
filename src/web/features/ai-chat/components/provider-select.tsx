import { useId } from "react";
import { aiProviderNames, isAiProviderName } from "../../../../shared/api/ai-chat.ts";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useAiProviders } from "../api/get-ai-providers.ts";
import { PROVIDER_LABELS } from "../lib/chat-messages.ts";
import type { ChatSession } from "../hooks/use-chat.ts";

export function ProviderSelect({ chat, label = "AI provider" }: { chat: ChatSession; label?: string }) {
  const id = useId();
  const { data: providers } = useAiProviders();
  return (
    <div className="flex min-w-48 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={chat.provider}
        disabled={chat.isSending}
        onChange={(event) => {
          if (isAiProviderName(event.target.value)) chat.setProvider(event.target.value);
        }}
      >
        {aiProviderNames.map((name) => {
          const info = providers?.find((provider) => provider.name === name);
          const isUnavailable = info !== undefined && !info.available && name !== chat.provider;
          return (
            <option key={name} value={name} disabled={isUnavailable}>
              {info?.displayName ?? PROVIDER_LABELS[name]}
              {info && !info.available ? " (not configured)" : ""}
            </option>
          );
        })}
      </Select>
    </div>
  );
}
