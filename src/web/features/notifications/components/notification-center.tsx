import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ToastAction } from "../../../components/ui/toast.tsx";
import { TOAST_DURATION, toast, useToast } from "../../../components/ui/use-toast.ts";
import { useNotificationEngine } from "../hooks/use-notification-engine.ts";
import { type AppNotification, NOTIFICATION_EVENT, type NotificationEvent } from "../lib/app-notification.ts";
import { showBrowserNotification } from "../lib/browser-notifications.ts";
import { readPreferences } from "../lib/notification-preferences.ts";
import { dispatchInAppNotification, openNotificationRelay, type NotificationRelay } from "../lib/notification-relay.ts";
import { revealPath } from "../lib/reveal-path.ts";

/** One toast at a time, so that a notice neither hides the answer to what the user just did nor is hidden by it. */
const MAX_QUEUE_WAIT_MS = TOAST_DURATION + 1_000;

export function NotificationCenter() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const relayRef = useRef<NotificationRelay | null>(null);

  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const open = useCallback((path: string) => {
    revealPath(path, (target) => void navigateRef.current(target));
  }, []);

  const deliver = useCallback(
    (notification: AppNotification) => {
      dispatchInAppNotification(notification);
      if (readPreferences().browserNotifications) {
        showBrowserNotification({
          title: notification.title,
          body: notification.body,
          tag: notification.key,
          onClick: () => open(notification.path),
        });
      }
      relayRef.current?.post(notification);
    },
    [open],
  );

  useEffect(() => {
    const relay = openNotificationRelay((notification) => {
      if (document.visibilityState === "visible") dispatchInAppNotification(notification);
    });
    relayRef.current = relay;
    return () => {
      relay.close();
      relayRef.current = null;
    };
  }, []);

  useNotificationEngine(deliver);
  useNotificationToasts(open);
  return null;
}

const VIEW_ALT_TEXT: Record<AppNotification["kind"], string> = {
  stalled: "Open the task's day from Tasks",
  completed: "Open the task's day from Tasks",
  procrastination: "Open the task's day from Tasks",
  "goal-deadline": "Open the goal from Goals",
  "daily-insight": "Open Insights",
};

const isUserBusy = () =>
  document.querySelector(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [aria-roledescription="draggable"][aria-pressed="true"]',
  ) !== null;

function useNotificationToasts(open: (path: string) => void): void {
  const { toasts } = useToast();
  const queue = useRef<{ notification: AppNotification; queuedAt: number }[]>([]);
  const isToastOpen = toasts.some((item) => item.open);
  const showNext = useRef<() => void>(() => {});

  useEffect(() => {
    showNext.current = () => {
      const next = queue.current[0];
      if (!next) return;
      // Not over an open dialog (Escape would close the toast instead) nor during a keyboard drag (it would miss keys).
      if (isUserBusy()) return;
      if (isToastOpen && Date.now() - next.queuedAt < MAX_QUEUE_WAIT_MS) return;
      queue.current.shift();
      const { notification } = next;
      toast({
        title: notification.title,
        description: notification.body,
        action:
          notification.kind === "completed" ? undefined : (
            <ToastAction altText={VIEW_ALT_TEXT[notification.kind]} onClick={() => open(notification.path)}>
              View
            </ToastAction>
          ),
      });
    };
    showNext.current();
  }, [isToastOpen, open]);

  useEffect(() => {
    const onNotification = (event: Event) => {
      queue.current.push({ notification: (event as NotificationEvent).detail, queuedAt: Date.now() });
      showNext.current();
    };
    window.addEventListener(NOTIFICATION_EVENT, onNotification);
    // A toast that never closes must not hold the queue for ever.
    const timer = setInterval(() => showNext.current(), 1_000);
    return () => {
      window.removeEventListener(NOTIFICATION_EVENT, onNotification);
      clearInterval(timer);
    };
  }, []);
}
