import { Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../../lib/when-idle.ts";
import { hasSeenTooltip, markTooltipSeen } from "../lib/chat-storage.ts";
import { useAIContext } from "./ai-context.tsx";
import { LauncherButton } from "./launcher-button.tsx";

const loadAssistant = () => import("./ai-assistant-loaded.tsx");
const LoadedAssistant = lazyWithPreload(() => loadAssistant().then((module) => module.LoadedAssistant));

export const FIRST_VISIT_TOOLTIP_DELAY_MS = 2_000;
export const FIRST_VISIT_TOOLTIP_DURATION_MS = 5_000;
export const FIRST_VISIT_TOOLTIP_TEXT = "Need help planning your day? Click me!";

/**
 * The assistant on every signed-in page (spec section 2 "AI assistant (all pages)"). Only the
 * button and the first-visit tooltip are in the initial JavaScript; the chat (tooltips, panel,
 * Markdown) loads when the browser is idle or on the first open, whichever comes first.
 */
export function AiAssistant() {
  const chat = useAIContext();
  const isIdle = useIsIdle(LoadedAssistant.preload, 3_000);
  useOpenFromRedirect(chat.open);
  const showFirstVisitTooltip = useFirstVisitTooltip(chat.isOpen);

  const button = <LauncherButton isOpen={chat.isOpen} hasNotification={chat.hasNotification} onClick={chat.toggle} />;
  return (
    <>
      {isIdle || chat.isOpen ? (
        <Suspense fallback={button}>
          <LoadedAssistant />
        </Suspense>
      ) : (
        button
      )}
      {showFirstVisitTooltip && (
        <div
          role="status"
          className="fixed right-4 bottom-20 z-40 max-w-56 animate-fade-in rounded-lg bg-foreground px-3 py-2 text-sm text-background shadow-lg sm:right-6 sm:bottom-22"
        >
          {FIRST_VISIT_TOOLTIP_TEXT}
          <span className="absolute -bottom-1.5 right-6 size-3 rotate-45 bg-foreground" aria-hidden="true" />
        </div>
      )}
    </>
  );
}

/** `/ai-chat` redirects to `/` with `{ openAiChat: true }` (app-routes.tsx): open, then forget it. */
function useOpenFromRedirect(open: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const shouldOpen = state !== null && typeof state === "object" && (state as { openAiChat?: unknown }).openAiChat === true;
  useEffect(() => {
    if (!shouldOpen) return;
    open();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [shouldOpen, open, navigate, location.pathname, location.search]);
}

/** Spec section 9: on a first visit, 2 s after load, for 5 s; then the 'seen' flag is stored. */
function useFirstVisitTooltip(isOpen: boolean): boolean {
  const [isShown, setIsShown] = useState(false);
  const [isDone, setIsDone] = useState(hasSeenTooltip);

  useEffect(() => {
    if (isDone) return;
    let hideTimer: number | undefined;
    const showTimer = window.setTimeout(() => {
      setIsShown(true);
      hideTimer = window.setTimeout(() => {
        setIsShown(false);
        setIsDone(true);
        markTooltipSeen();
      }, FIRST_VISIT_TOOLTIP_DURATION_MS);
    }, FIRST_VISIT_TOOLTIP_DELAY_MS);
    return () => {
      window.clearTimeout(showTimer);
      window.clearTimeout(hideTimer);
    };
  }, [isDone]);

  // Opening the chat answers the invitation.
  useEffect(() => {
    if (!isOpen || isDone) return;
    markTooltipSeen();
    setIsDone(true); // eslint-disable-line react-hooks/set-state-in-effect -- a one-off in reply to the user opening the chat
    setIsShown(false);
  }, [isOpen, isDone]);

  return isShown && !isDone;
}
