import type { PushSettings } from "./push.ts";

export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;
export const PUSH_LEAD_MINUTES = [0, 5, 10, 15] as const;
export const PUSH_TEST_TITLE = "Daywise notifications are on";

/** The defaults until the user changes one (migration 0029's column defaults). */
export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  taskStart: true,
  taskStartLeadMinutes: 5,
  wrapUp: false,
  wrapUpTime: "17:30",
  rolledOver: true,
  stalled: true,
  goalDeadline: true,
  quietStart: "22:00",
  quietEnd: "07:00",
};
