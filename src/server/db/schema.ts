// Instants are ISO-8601 UTC text, days 'yyyy-MM-dd', times 'HH:mm' and booleans 0/1 integers, so that both
// dialects return the same JavaScript values (docs/decisions/002).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ChecklistItem } from "../../shared/api/tasks.ts";

export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  timeZone: string;
  /** 'HH:MM', the user's working day (migration 0025). */
  workdayStart: Generated<string>;
  workdayEnd: Generated<string>;
  dataVersion: Generated<number>;
  autoRolloverDay: Generated<string | null>;
  autoRolloverNextAt: Generated<string | null>;
  /** '' until the weekly summary job first looks at the user. */
  weeklySummaryNextAt: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface UserIdentitiesTable {
  id: string;
  userId: string;
  issuer: string;
  subject: string;
  createdAt: string;
  lastSignInAt: string;
}

export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  userAgent: string | null;
  /** Space-separated SHA-256 hashes of the live refresh tokens (docs/decisions/003); tokens are never stored. */
  refreshHashes: string;
  retiredRefreshHashes: string;
  refreshRotatedAt: string | null;
  refreshExpiresAt: string | null;
}

export type TaskStatus = "todo" | "inprogress" | "done" | "stalled";

export interface TaskWordsTable {
  userId: string;
  word: string;
  taskKey: number | string;
}

export interface TasksTable {
  id: string;
  userId: string;
  goalId: string | null;
  title: string;
  description: string | null;
  status: TaskStatus;
  date: string | null;
  estimatedDuration: number | null;
  scheduledStartTime: string | null;
  firstStartedAt: string | null;
  currentSessionStartedAt: string | null;
  workSessionCount: Generated<number>;
  startedAt: string | null;
  completedAt: string | null;
  trackedMinutes: Generated<number>;
  rolloverCount: Generated<number>;
  firstPlannedDate: string | null;
  rolledOverFromDate: string | null;
  position: Generated<number>;
  createdAt: string;
  updatedAt: string;
  /** Null only for rows written around tasksRepository.insertTasks. */
  searchKey: Generated<number | string | null>;
  seriesId: string | null;
  occurrenceDate: string | null;
  checklist: ColumnType<ChecklistItem[], string | undefined, string>;
}

export interface TaskSeriesTable {
  id: string;
  userId: string;
  recurrence: string;
  startDate: string;
  endDate: string | null;
  skippedDays: Generated<string>;
  title: string;
  description: string | null;
  estimatedDuration: number | null;
  scheduledStartTime: string | null;
  goalId: string | null;
  createdAt: string;
  updatedAt: string;
  checklistTemplate: Generated<string>;
}

export type GoalStatus = "active" | "paused" | "completed";

export interface GoalsTable {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  targetDate: string | null;
  status: GoalStatus;
  createdAt: string;
  updatedAt: string;
  totalTasksCount: Generated<number>;
  completedTasksCount: Generated<number>;
}

export interface RolloverSettingsTable {
  userId: string;
  autoRolloverEnabled: Flag;
  autoRolloverTime: string;
  rolloverTodoTasks: Flag;
  stallInProgressTasks: Flag;
  deferLargeTasks: Flag;
  maxRolloverDays: number;
  requireConfirmation: Flag;
  updatedAt: string;
}

export interface RolloverSummariesTable {
  id: string;
  userId: string;
  date: string;
  rolledOverCount: number;
  stalledCount: number;
  deferredCount: number;
  reviewCount: number;
  /** JSON: { rollover: string[], stall: string[], defer: string[], review: string[] } */
  taskIds: string;
  completedCount: number;
  totalCount: number;
  plannedMinutes: number;
  actualMinutes: number;
  reflectionReasons: string;
  createdAt: string;
  /** "scheduler" when the automatic rollover closed the day. */
  closedBy: Generated<"user" | "scheduler">;
}

export interface DailyInsightsTable {
  id: string;
  userId: string;
  date: string;
  /** JSON list of { type, title, description, priority }. */
  insights: string;
  viewed: Flag;
  provider: string | null;
  sourceVersion: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface WeeklySummariesTable {
  id: string;
  userId: string;
  weekStartDate: string;
  tasksTotal: number;
  tasksCompleted: number;
  goalsProgressed: number;
  /** JSON list of { type, title, description }. */
  insights: string;
  summaryText: string;
  generatedAt: string;
  viewed: Flag;
  createdAt: string;
}

/** Never the chat's text: only when, through which provider, and its token counts. */
export interface AiConversationsTable {
  id: string;
  userId: string;
  provider: string;
  inputTokens: number | null;
  outputTokens: number | null;
  createdAt: string;
}

export interface AiBreakdownsTable {
  id: string;
  userId: string;
  goalId: string | null;
  provider: string;
  suggestionsShown: number;
  suggestionsCreated: Generated<number>;
  inputTokens: number | null;
  outputTokens: number | null;
  createdAt: string;
}

/** A change the assistant proposed (migration 0016, decision 033); JSON in text columns. */
export interface AiProposalsTable {
  id: string;
  userId: string;
  tool: string;
  status: "open" | "applied" | "undone" | "dismissed" | "expired";
  summary: string;
  warning: string | null;
  /** JSON: the stored changes, each with its validated operation and before/after views. */
  changes: string;
  changeCount: number;
  /** JSON: string[]. */
  appliedChangeIds: Generated<string>;
  /** JSON: what undo restores, written by apply. */
  undoSnapshot: string | null;
  createdAt: string;
  expiresAt: string;
  appliedAt: string | null;
  undoUntil: string | null;
  /** When it was dismissed, expired or undone. */
  closedAt: string | null;
}

export interface CalendarSubscriptionsTable {
  id: string;
  userId: string;
  name: string;
  /** A secret of the user's: never logged, never answered whole. */
  url: string;
  colour: string;
  enabled: Flag;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  contentHash: string | null;
  expandedOn: string | null;
  eventCount: Generated<number>;
  /** Failed reads in a row (migration 0022): three pause the calendar until the user retries. */
  consecutiveFailures: Generated<number>;
  nextFetchAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface CalendarEventsTable {
  subscriptionId: string;
  userId: string;
  id: string;
  title: string;
  rangeStart: string;
  rangeEnd: string;
  /** Instants for timed events, days (end exclusive) for all-day ones. */
  startsAt: string;
  endsAt: string;
  allDay: Flag;
  busy: Flag;
}

export interface CalendarFeedsTable {
  userId: string;
  nonce: string;
  secretHash: string;
  createdAt: string;
}

export interface JobLeasesTable {
  key: string;
  owner: string;
  leaseExpiresAt: string;
  completedAt: string | null;
}

export type TokenScope = "read" | "write";

/** Personal access tokens (docs/decisions/036): the secret's SHA-256 only, never the secret. */
export interface PersonalAccessTokensTable {
  id: string;
  userId: string;
  name: string;
  scope: TokenScope;
  tokenHash: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A registered client (RFC 7591) or, with an https id, a client metadata document as last read. */
export interface OauthClientsTable {
  id: string;
  name: string;
  uri: string | null;
  /** JSON array of exact addresses. */
  redirectUris: string;
  authMethod: "none" | "client_secret_post" | "client_secret_basic";
  secretHash: string | null;
  createdAt: string;
}

/** One connection a user allowed: its tokens die with it. */
export interface OauthGrantsTable {
  id: string;
  userId: string;
  clientId: string;
  clientName: string;
  /** Space-separated OAuth scopes granted. */
  scope: string;
  resource: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface OauthCodesTable {
  codeHash: string;
  userId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  resource: string;
  expiresAt: string;
}

export interface OauthTokensTable {
  tokenHash: string;
  grantId: string;
  userId: string;
  kind: "access" | "refresh";
  expiresAt: string;
  /** A refresh token is used once; presenting it again revokes its grant. */
  usedAt: string | null;
}

export interface WebhooksTable {
  id: string;
  userId: string;
  url: string;
  events: string;
  secret: string;
  enabled: Flag;
  disabledReason: string | null;
  createdAt: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhookId: string;
  userId: string;
  event: string;
  payload: string;
  status: "pending" | "succeeded" | "failed";
  attempts: Generated<number>;
  responseStatus: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

export interface PushKeysTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: string;
}

export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceName: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PushMessagesTable {
  id: string;
  subscriptionId: string;
  userId: string;
  /** The notification's JSON: { title, body, url, tag }. */
  payload: string;
  attempts: Generated<number>;
  error: string | null;
  createdAt: string;
  /** Past this the message is dropped unsent: a reminder late by more than its worth. */
  expiresAt: string;
  nextAttemptAt: string;
}

export interface PushSettingsTable {
  userId: string;
  taskStart: Generated<Flag>;
  taskStartLeadMinutes: Generated<number>;
  wrapUp: Generated<Flag>;
  wrapUpTime: Generated<string>;
  rolledOver: Generated<Flag>;
  stalled: Generated<Flag>;
  goalDeadline: Generated<Flag>;
  quietStart: Generated<string>;
  quietEnd: Generated<string>;
  /** When the scheduler next looks at this user's reminders; a task change brings it to now. */
  nextCheckAt: string;
  updatedAt: string;
}

export interface PushRemindersSentTable {
  userId: string;
  /** What was reminded and for when ("start:<task id>:<day>T<time>"), so that each is sent once. */
  reminderKey: string;
  sentAt: string;
}

export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  fingerprint: string;
  /** Who runs the request now: a run taken over from a dead process does not let the old one write its answer. */
  claim: string;
  state: "running" | "done";
  createdAt: string;
  startedAt: string;
  responseStatus: number | null;
  responseBody: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: string;
}

export interface Database {
  users: UsersTable;
  userIdentities: UserIdentitiesTable;
  sessions: SessionsTable;
  tasks: TasksTable;
  taskSeries: TaskSeriesTable;
  taskWords: TaskWordsTable;
  goals: GoalsTable;
  rolloverSettings: RolloverSettingsTable;
  rolloverSummaries: RolloverSummariesTable;
  dailyInsights: DailyInsightsTable;
  weeklySummaries: WeeklySummariesTable;
  aiConversations: AiConversationsTable;
  aiBreakdowns: AiBreakdownsTable;
  aiProposals: AiProposalsTable;
  jobLeases: JobLeasesTable;
  calendarSubscriptions: CalendarSubscriptionsTable;
  calendarEvents: CalendarEventsTable;
  calendarFeeds: CalendarFeedsTable;
  rateLimits: RateLimitsTable;
  personalAccessTokens: PersonalAccessTokensTable;
  idempotencyKeys: IdempotencyKeysTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  oauthClients: OauthClientsTable;
  oauthGrants: OauthGrantsTable;
  oauthCodes: OauthCodesTable;
  oauthTokens: OauthTokensTable;
  pushKeys: PushKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  pushMessages: PushMessagesTable;
  pushSettings: PushSettingsTable;
  pushRemindersSent: PushRemindersSentTable;
}

export type UserRow = Selectable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTaskRow = Insertable<TasksTable>;
export type TaskRowUpdate = Updateable<TasksTable>;
export type TaskSeriesRow = Selectable<TaskSeriesTable>;
export type GoalRow = Selectable<GoalsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PersonalAccessTokenRow = Selectable<PersonalAccessTokensTable>;
export type AiConversationRow = Selectable<AiConversationsTable>;
export type AiBreakdownRow = Selectable<AiBreakdownsTable>;
