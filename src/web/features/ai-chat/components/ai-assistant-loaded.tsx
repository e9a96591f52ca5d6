import { Maximize2, Minimize2, PanelRight, Settings2, Sparkles } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SidePanel, SidePanelContent, SidePanelDescription, SidePanelHeader, SidePanelTitle } from "../../../components/ui/side-panel.tsx";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "../../../components/ui/tooltip.tsx";
import { cn } from "../../../lib/utils.ts";
import { useChat } from "../hooks/use-chat.ts";
import type { ChatSizeMode } from "./ai-context.tsx";
import { ChatView, preloadReplyRenderer } from "./chat-view.tsx";
import { ChatSettings } from "./chat-settings.tsx";
import { LAUNCHER_ID, LauncherButton } from "./launcher-button.tsx";
import { PROPOSAL_CARD_ATTRIBUTE } from "./proposal-card.tsx";
import { SUGGESTIONS } from "../lib/chat-messages.ts";
import { StandaloneActions, StandaloneTitle } from "./standalone-chat.tsx";

const SIZE_MODES: { mode: ChatSizeMode; label: string; icon: typeof PanelRight }[] = [
  { mode: "compact", label: "Compact", icon: Minimize2 },
  { mode: "expanded", label: "Expanded", icon: PanelRight },
  { mode: "fullscreen", label: "Fullscreen", icon: Maximize2 },
];

const SIZE_CLASSES: Record<ChatSizeMode, string> = {
  compact: "sm:max-w-sm",
  expanded: "sm:max-w-md lg:max-w-lg",
  fullscreen: "sm:max-w-none",
};

export function LoadedAssistant() {
  const chat = useChat();
  const isFullscreen = chat.sizeMode === "fullscreen";
  useEffect(() => preloadReplyRenderer(), []);

  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <LauncherButton isOpen={chat.isOpen} hasNotification={chat.hasNotification} onClick={chat.toggle} />
        </TooltipTrigger>
        <TooltipContent side="left">AI Assistant</TooltipContent>
      </Tooltip>
      <SidePanel open={chat.isOpen} onOpenChange={(isOpen) => (isOpen ? chat.open() : chat.close())}>
        <SidePanelContent
          aria-label="AI Assistant"
          className={cn("transition-[max-width] duration-200", SIZE_CLASSES[chat.sizeMode])}
          // The panel stays while the user works on the page: Escape or the close button closes it.
          onInteractOutside={(event) => event.preventDefault()}
          // On an open proposal, Escape dismisses the proposal (ProposalCard), not the panel.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest(`[${PROPOSAL_CARD_ATTRIBUTE}="open"]`)) event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            const input = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>("[data-chat-input]");
            if (input) {
              event.preventDefault();
              input.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const launcher = document.getElementById(LAUNCHER_ID);
            if (launcher) {
              event.preventDefault();
              launcher.focus();
            }
          }}
        >
          {/* One header: in fullscreen the standalone view's title, provider and Clear Chat replace the panel's. */}
          <SidePanelHeader className={cn("gap-3", isFullscreen && "mx-auto w-full max-w-3xl")}>
            {isFullscreen ? (
              <>
                <SidePanelTitle className="sr-only">AI Assistant</SidePanelTitle>
                <StandaloneTitle chat={chat} />
              </>
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                <Sparkles className="size-5 text-primary" aria-hidden="true" />
                <SidePanelTitle>AI Assistant</SidePanelTitle>
                <Badge variant="secondary">Always here to help</Badge>
              </div>
            )}
            <SidePanelDescription className="sr-only">
              Chat with your planning assistant. It knows your goals and today&apos;s tasks.
            </SidePanelDescription>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div role="group" aria-label="Panel size" className="inline-flex rounded-md border p-0.5">
                {SIZE_MODES.map(({ mode, label, icon: Icon }) => (
                  <Tooltip key={mode}>
                    <TooltipTrigger asChild>
                      <Button
                        variant={chat.sizeMode === mode ? "secondary" : "ghost"}
                        size="icon-sm"
                        className={cn("size-7", mode === "compact" && "hidden sm:inline-flex")}
                        aria-label={label}
                        aria-pressed={chat.sizeMode === mode}
                        onClick={() => chat.setSizeMode(mode)}
                      >
                        <Icon aria-hidden="true" />
                      </Button>
                    </TooltipTrigger>
                    <TooltipContent>{label}</TooltipContent>
                  </Tooltip>
                ))}
              </div>
              {isFullscreen ? (
                <StandaloneActions chat={chat} />
              ) : (
                <Button
                  variant={chat.isSettingsOpen ? "secondary" : "ghost"}
                  size="sm"
                  aria-expanded={chat.isSettingsOpen}
                  aria-controls="ai-chat-settings"
                  onClick={() => chat.setSettingsOpen(!chat.isSettingsOpen)}
                >
                  <Settings2 aria-hidden="true" />
                  Chat settings
                </Button>
              )}
            </div>
            {chat.isSettingsOpen && !isFullscreen && <ChatSettings id="ai-chat-settings" chat={chat} />}
          </SidePanelHeader>
          {isFullscreen ? (
            <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col">
              <ChatView chat={chat} prompts={SUGGESTIONS} />
            </div>
          ) : (
            <ChatView chat={chat} />
          )}
        </SidePanelContent>
      </SidePanel>
    </TooltipProvider>
  );
}
