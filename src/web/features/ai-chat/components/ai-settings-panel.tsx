import { AlertCircle, Check, RefreshCw, ServerOff } from "lucide-react";
import { useState } from "react";
import type { AiProvider, AiProviderName } from "../../../../shared/api/ai.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { useAiProviders } from "../api/get-ai-providers.ts";
import { DEFAULT_AI_PROVIDER, PROVIDER_LABELS } from "../lib/chat-messages.ts";
import { loadPreferredProvider, savePreferredProvider } from "../lib/chat-storage.ts";
import { useAIContext } from "./ai-context.tsx";

export const ADMIN_MESSAGE =
  "Providers are set up on the server. To use a provider marked as not configured, contact your administrator to configure it.";
const NO_PROVIDERS_ADMIN_MESSAGE =
  "Providers are set up on the server, and none is configured yet: contact your administrator to configure one.";

const COMPARISON: { name: AiProviderName; strengths: string; bestFor: string }[] = [
  { name: "openai", strengths: "Fast, well-rounded answers", bestFor: "Everyday planning and quick tips" },
  { name: "gemini", strengths: "Large context, quick replies", bestFor: "Long goal lists and busy days" },
  { name: "claude", strengths: "Careful, thoughtful reasoning", bestFor: "Breaking down complex goals" },
  { name: "openrouter", strengths: "Many models behind one key", bestFor: "Trying other models" },
];

export function AiSettingsPanel() {
  const { data: providers, isPending, isError, refetch, isRefetching } = useAiProviders();
  const chat = useAIContext();
  const [current, setCurrent] = useState<AiProviderName>(() => loadPreferredProvider() ?? DEFAULT_AI_PROVIDER);
  const [selected, setSelected] = useState<AiProviderName>(current);

  function save() {
    const provider = providers?.find((entry) => entry.name === selected);
    try {
      savePreferredProvider(selected);
      chat.setProvider(selected);
      setCurrent(selected);
      toast({ title: "Provider Updated", description: `Switched to ${provider?.displayName ?? PROVIDER_LABELS[selected]}.` });
    } catch (error) {
      console.error("failed to save provider", error);
      toast({ title: "Error", description: "Failed to update AI provider", variant: "destructive" });
    }
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">AI Provider</CardTitle>
          <CardDescription>Choose the AI provider that powers your planning assistant.</CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <div className="space-y-3" role="status" aria-label="Loading AI providers">
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} className="h-20 w-full" />
              ))}
            </div>
          ) : isError ? (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
              <div className="flex items-center gap-2 font-semibold">
                <AlertCircle className="size-4" aria-hidden="true" />
                Failed to Load Providers
              </div>
              <p className="text-sm">Unable to fetch AI provider information. Please check your connection and try again.</p>
              <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
                <RefreshCw className={cn(isRefetching && "animate-spin")} aria-hidden="true" />
                Retry
              </Button>
            </div>
          ) : providers.every((provider) => !provider.available) ? (
            <div className="flex flex-col items-start gap-2 rounded-md border bg-muted/40 p-4">
              <div className="flex items-center gap-2 font-semibold">
                <ServerOff className="size-4" aria-hidden="true" />
                No AI Providers Available
              </div>
              <p className="text-sm text-muted-foreground">{NO_PROVIDERS_ADMIN_MESSAGE}</p>
            </div>
          ) : (
            <ProviderRadioList providers={providers} current={current} selected={selected} onSelect={setSelected} />
          )}
        </CardContent>
        {providers && providers.some((provider) => provider.available) && (
          <CardFooter className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">{ADMIN_MESSAGE}</p>
            <Button onClick={save} disabled={selected === current}>
              Save Settings
            </Button>
          </CardFooter>
        )}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Provider comparison</CardTitle>
          <CardDescription>What each provider is good at.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Provider
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Strengths
                </th>
                <th scope="col" className="py-2 font-medium">
                  Best for
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map(({ name, strengths, bestFor }) => (
                <tr key={name} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    <span className="whitespace-nowrap">{PROVIDER_LABELS[name]}</span>{" "}
                    <span className="block font-mono text-xs font-normal text-muted-foreground">{name}</span>
                  </th>
                  <td className="py-2 pr-4">{strengths}</td>
                  <td className="py-2">{bestFor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

function ProviderRadioList({
  providers,
  current,
  selected,
  onSelect,
}: {
  providers: AiProvider[];
  current: AiProviderName;
  selected: AiProviderName;
  onSelect: (name: AiProviderName) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">AI provider</legend>
      {providers.map((provider) => {
        const id = `ai-provider-${provider.name}`;
        const isSelected = selected === provider.name;
        return (
          <label
            key={provider.name}
            htmlFor={id}
            className={cn(
              "flex gap-3 rounded-lg border p-4 transition-colors",
              provider.available ? "cursor-pointer hover:bg-accent/50" : "cursor-not-allowed opacity-70",
              isSelected && "border-primary bg-accent/40",
            )}
          >
            <input
              type="radio"
              id={id}
              name="ai-provider"
              value={provider.name}
              checked={isSelected}
              disabled={!provider.available}
              onChange={() => onSelect(provider.name)}
              aria-describedby={`${id}-description`}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex min-w-0 flex-1 flex-col gap-1.5">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {provider.displayName}
                {current === provider.name && (
                  <Badge variant="success">
                    <Check aria-hidden="true" />
                    Current
                  </Badge>
                )}
              </span>
              <span id={`${id}-description`} className="text-sm text-muted-foreground">
                {provider.available ? provider.description : "Not configured - check environment variables"}
              </span>
              {provider.available ? null : <span className="text-sm text-muted-foreground">{provider.description}</span>}
              {provider.features.length > 0 && (
                <span className="flex flex-wrap gap-1.5">
                  {provider.features.map((feature) => (
                    <Badge key={feature} variant="outline">
                      {feature}
                    </Badge>
                  ))}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
