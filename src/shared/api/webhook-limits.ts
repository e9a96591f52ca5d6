export const WEBHOOK_EVENTS = ["task.created", "task.updated", "task.completed", "task.deleted", "day.closed", "goal.changed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const MAX_WEBHOOKS_PER_USER = 20;
export const WEBHOOK_DELIVERIES_SHOWN = 20;
export const WEBHOOK_TEST_EVENT = "webhook.test";
