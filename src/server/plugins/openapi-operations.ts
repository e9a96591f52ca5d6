// Each /api operation's name and one-line summary in the OpenAPI description: the names generated clients
// call (stable: renaming one breaks their callers). openapi.test.ts fails for a route missing here.

export interface OperationNames {
  operationId: string;
  summary: string;
  /** It calls an AI provider, under the per-user model call limits: it may answer 429. */
  callsModel?: true;
  /** The success answer of a route that sends a stream or nothing, which has no response schema to describe it. */
  answer?: { status: 200 | 204; description: string; mediaType?: string };
}

export const OPERATIONS: Record<string, OperationNames> = {
  "GET /api/user": { operationId: "getUser", summary: "Get the signed-in user and their preferences" },
  "DELETE /api/user": {
    operationId: "deleteAccount",
    summary: "Delete the account and all its data",
    answer: { status: 204, description: "Deleted; the session's cookies are cleared" },
  },
  "PATCH /api/user/preferences": { operationId: "updatePreferences", summary: "Change the time zone or working hours" },

  "GET /api/tasks": { operationId: "listDayTasks", summary: "List a day's tasks" },
  "POST /api/tasks": { operationId: "createTask", summary: "Create a task" },
  "PATCH /api/tasks/{id}": { operationId: "updateTask", summary: "Change a task (one occurrence, or a series from it on)" },
  "DELETE /api/tasks/{id}": { operationId: "deleteTask", summary: "Delete a task (one occurrence, or a series from it on)" },
  "POST /api/tasks/{id}/checklist": { operationId: "addChecklistItem", summary: "Add a step to a task's checklist" },
  "PATCH /api/tasks/{id}/checklist/{itemId}": { operationId: "updateChecklistItem", summary: "Rename, tick or move a checklist step" },
  "DELETE /api/tasks/{id}/checklist/{itemId}": { operationId: "deleteChecklistItem", summary: "Delete a checklist step" },
  "GET /api/tasks/stalled": { operationId: "listStalledTasks", summary: "List in-progress tasks running past their estimate" },
  "GET /api/tasks/future": { operationId: "listFutureTasks", summary: "List the tasks planned for coming days" },
  "GET /api/tasks/search": { operationId: "searchTasks", summary: "Search tasks by the words of their titles" },
  "GET /api/tasks/stats": { operationId: "getDayStats", summary: "Get a day's progress and time figures" },

  "GET /api/goals": { operationId: "listGoals", summary: "List goals with their progress" },
  "POST /api/goals": { operationId: "createGoal", summary: "Create a goal" },
  "PUT /api/goals/{id}": { operationId: "updateGoal", summary: "Change a goal" },
  "DELETE /api/goals/{id}": { operationId: "deleteGoal", summary: "Delete a goal (its tasks stay, unlinked)" },

  "POST /api/day-plan": { operationId: "planDay", summary: "Propose start times for a day's unscheduled tasks" },

  "GET /api/rollover/settings": { operationId: "getRolloverSettings", summary: "Get the automatic rollover settings" },
  "PATCH /api/rollover/settings": { operationId: "updateRolloverSettings", summary: "Change the automatic rollover settings" },
  "POST /api/rollover/preview": { operationId: "previewRollover", summary: "Preview what closing a day would move" },
  "POST /api/rollover/trigger": { operationId: "closeDay", summary: "Close a day, rolling unfinished tasks over" },
  "GET /api/rollover/summary/{date}": { operationId: "getRolloverSummary", summary: "Get a closed day's wrap-up summary" },
  "GET /api/rollover/summary": {
    operationId: "findRolloverSummary",
    summary: "Get a day's wrap-up summary, or null when the day was not closed",
  },

  "GET /api/ai/providers": { operationId: "listAiProviders", summary: "List the configured AI providers" },
  "POST /api/ai/chat": { operationId: "chat", summary: "Send a message to the planning assistant", callsModel: true },
  "POST /api/ai/breakdown-goal": { operationId: "breakDownGoal", summary: "Suggest tasks for a goal", callsModel: true },
  "POST /api/ai/breakdowns/{id}/tasks": { operationId: "acceptBreakdownTasks", summary: "Create tasks from a goal's breakdown" },
  "GET /api/ai/analytics/acceptance-rate": { operationId: "getSuggestionAcceptance", summary: "Get how many AI suggestions were accepted" },
  "GET /api/ai/planning/history": { operationId: "listPlanningHistory", summary: "List past goal breakdowns" },
  "GET /api/ai/proposals/{id}": { operationId: "getProposal", summary: "Get an assistant's proposal" },
  "POST /api/ai/proposals/{id}/apply": { operationId: "applyProposal", summary: "Apply a proposal's chosen changes" },
  "POST /api/ai/proposals/{id}/dismiss": { operationId: "dismissProposal", summary: "Dismiss a proposal" },
  "POST /api/ai/proposals/{id}/undo": { operationId: "undoProposal", summary: "Undo an applied proposal" },
  "GET /api/ai/insights": { operationId: "getDailyInsights", summary: "Get a day's insights", callsModel: true },
  "PATCH /api/ai/insights/{date}/viewed": { operationId: "markInsightsViewed", summary: "Mark a day's insights as read" },
  "GET /api/weekly-summaries": { operationId: "listWeeklySummaries", summary: "List weekly summaries" },
  "POST /api/weekly-summaries/generate": { operationId: "generateWeeklySummary", summary: "Write a week's summary", callsModel: true },
  "PATCH /api/weekly-summaries/{id}/viewed": { operationId: "markWeeklySummaryViewed", summary: "Mark a weekly summary as read" },

  "GET /api/tokens": { operationId: "listTokens", summary: "List personal access tokens" },
  "POST /api/tokens": { operationId: "createToken", summary: "Create a personal access token (shown once)" },
  "DELETE /api/tokens/{id}": { operationId: "revokeToken", summary: "Revoke a personal access token" },
  "GET /api/webhooks": { operationId: "listWebhooks", summary: "List webhooks" },
  "POST /api/webhooks": { operationId: "createWebhook", summary: "Add a webhook (its signing secret shown once)" },
  "GET /api/webhooks/{id}": { operationId: "getWebhook", summary: "Get a webhook" },
  "PATCH /api/webhooks/{id}": { operationId: "updateWebhook", summary: "Change a webhook's address or events, or turn it back on" },
  "DELETE /api/webhooks/{id}": { operationId: "deleteWebhook", summary: "Delete a webhook" },
  "GET /api/webhooks/{id}/deliveries": { operationId: "listWebhookDeliveries", summary: "List a webhook's last 20 deliveries" },
  "POST /api/webhooks/{id}/test": { operationId: "testWebhook", summary: "Queue a test delivery to a webhook" },
  "GET /api/push/vapid-public-key": { operationId: "getPushPublicKey", summary: "Get the server's VAPID public key for subscribing" },
  "GET /api/push/subscriptions": { operationId: "listPushSubscriptions", summary: "List the devices that receive push notifications" },
  "POST /api/push/subscriptions": { operationId: "subscribePush", summary: "Send push notifications to this browser's subscription" },
  "DELETE /api/push/subscriptions/{id}": { operationId: "deletePushSubscription", summary: "Stop push notifications to a device" },
  "POST /api/push/test": { operationId: "testPush", summary: "Send a test notification to every device" },
  "GET /api/push/settings": { operationId: "getPushSettings", summary: "Get which push notifications are sent, and quiet hours" },
  "PATCH /api/push/settings": { operationId: "updatePushSettings", summary: "Change which push notifications are sent, and quiet hours" },

  "GET /api/calendar/subscriptions": { operationId: "listCalendarSubscriptions", summary: "List calendar subscriptions" },
  "POST /api/calendar/subscriptions": { operationId: "subscribeCalendar", summary: "Subscribe to a calendar by its ICS address" },
  "PATCH /api/calendar/subscriptions/{id}": {
    operationId: "updateCalendarSubscription",
    summary: "Rename, recolour, turn on or off a calendar",
  },
  "DELETE /api/calendar/subscriptions/{id}": { operationId: "unsubscribeCalendar", summary: "Remove a calendar subscription" },
  "POST /api/calendar/subscriptions/{id}/retry": { operationId: "refreshCalendar", summary: "Fetch a calendar again now" },
  "GET /api/calendar/events": { operationId: "listCalendarEvents", summary: "List a day's calendar events" },
  "GET /api/calendar/feed": { operationId: "getCalendarFeed", summary: "Get the private calendar feed's address" },
  "POST /api/calendar/feed": { operationId: "createCalendarFeed", summary: "Create or replace the private calendar feed's address" },
  "DELETE /api/calendar/feed": { operationId: "deleteCalendarFeed", summary: "Turn the private calendar feed off" },

  "GET /api/export": {
    operationId: "exportData",
    summary: "Download all your data as JSON",
    answer: { status: 200, description: "The export document, as an attachment", mediaType: "application/json" },
  },
  "GET /api/export/tasks.csv": {
    operationId: "exportTasksCsv",
    summary: "Download your tasks as CSV",
    answer: { status: 200, description: "One task per line, as an attachment", mediaType: "text/csv" },
  },
  "POST /api/import": { operationId: "importData", summary: "Import a Daywise, Todoist or TickTick file" },
  "GET /api/events": {
    operationId: "streamChanges",
    summary: "Stream change notices (Server-Sent Events)",
    answer: { status: 200, description: "A stream of change notices, each naming the data version", mediaType: "text/event-stream" },
  },
};
