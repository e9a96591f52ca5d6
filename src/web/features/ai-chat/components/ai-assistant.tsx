import { type RefObject, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../../lib/when-idle.ts";
import { hasSeenTooltip, markTooltipSeen } from "../lib/chat-storage.ts";
import { useAIContext } from "./ai-context.tsx";
import { LAUNCHER_ID, LauncherButton } from "./launcher-button.tsx";

const loadAssistant = () => import("./ai-assistant-loaded.tsx");
const LoadedAssistant = lazyWithPreload(() => loadAssistant().then((module) => module.LoadedAssistant));

export const FIRST_VISIT_TOOLTIP_DELAY_MS = 2_000;
export const FIRST_VISIT_TOOLTIP_DURATION_MS = 5_000;
export const FIRST_VISIT_TOOLTIP_TEXT = "Need help planning your day? Click me!";

/** Only the button and the first-visit tooltip are in the initial JavaScript; the chat loads when idle or on first open. */
export function AiAssistant() {
  const chat = useAIContext();
  const isIdle = useIsIdle(LoadedAssistant.preload, 3_000);
  useOpenFromRedirect(chat.open);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const showFirstVisitTooltip = useFirstVisitTooltip(chat.isOpen, tooltipRef);

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
          ref={tooltipRef}
          role="status"
          className="fixed right-20 bottom-4 z-40 flex min-h-14 max-w-56 animate-fade-in items-center rounded-lg bg-foreground px-3 py-2 text-sm text-background shadow-lg sm:right-22 sm:bottom-6"
        >
          {FIRST_VISIT_TOOLTIP_TEXT}
          <span className="absolute top-1/2 -right-1.5 size-3 -translate-y-1/2 rotate-45 bg-foreground" aria-hidden="true" />
        </div>
      )}
    </>
  );
}

/** `/ai-chat` redirects here with `{ openAiChat: true }` (app-routes.tsx). */
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

const CONTROLS = "button, a[href], input, select, textarea, [role='switch'], [tabindex='0']";

export function coversAControl(element: HTMLElement): boolean {
  const own = element.getBoundingClientRect();
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (control.id === LAUNCHER_ID || element.contains(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.left < own.right && own.left < rect.right && rect.top < own.bottom && own.top < rect.bottom) return true;
  }
  return false;
}

const COVER_CHECK_MS = 250;

/** Never lies over a control: where it would, it is not shown (and is offered again on the next load). */
function useFirstVisitTooltip(isOpen: boolean, tooltipRef: RefObject<HTMLDivElement | null>): boolean {
  const [isShown, setIsShown] = useState(false);
  const [isDone, setIsDone] = useState(hasSeenTooltip);
  const [isSkipped, setIsSkipped] = useState(false);
  const isSkippedRef = useRef(false);
  const hasPainted = useRef(false);

  // Measured before the first paint: a tooltip that would cover a control is never seen.
  useLayoutEffect(() => {
    const tooltip = tooltipRef.current;
    if (!isShown || !tooltip) return;
    if (!hasPainted.current && coversAControl(tooltip)) {
      isSkippedRef.current = true;
      setIsSkipped(true);
      return;
    }
    hasPainted.current = true;
    const check = () => {
      if (!coversAControl(tooltip)) return;
      setIsShown(false);
      setIsDone(true);
      markTooltipSeen();
    };
    const timer = window.setInterval(check, COVER_CHECK_MS);
    window.addEventListener("scroll", check, { capture: true, passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("scroll", check, { capture: true });
      window.removeEventListener("resize", check);
    };
  }, [isShown, tooltipRef]);

  useEffect(() => {
    if (isDone) return;
    let hideTimer: number | undefined;
    const showTimer = window.setTimeout(() => {
      setIsShown(true);
      hideTimer = window.setTimeout(() => {
        setIsShown(false);
        setIsDone(true);
        if (!isSkippedRef.current) markTooltipSeen();
      }, FIRST_VISIT_TOOLTIP_DURATION_MS);
    }, FIRST_VISIT_TOOLTIP_DELAY_MS);
    return () => {
      window.clearTimeout(showTimer);
      window.clearTimeout(hideTimer);
    };
  }, [isDone]);

  useEffect(() => {
    if (!isOpen || isDone) return;
    markTooltipSeen();
    setIsDone(true); // eslint-disable-line react-hooks/set-state-in-effect -- a one-off in reply to the user opening the chat
    setIsShown(false);
  }, [isOpen, isDone]);

  return isShown && !isDone && !isSkipped;
}
