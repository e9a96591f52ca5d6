// Table types for Kysely. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
// Instants are ISO-8601 UTC text, calendar days 'yyyy-MM-dd' text, times of day 'HH:mm' text and
// booleans 0/1 integers, so that both dialects return the same JavaScript values (docs/decisions/002).
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  timeZone: string;
  /** Raised by every write of the user's tasks and goals (db/user-data.ts). */
  dataVersion: Generated<number>;
  /** The day the user's next automatic rollover closes; null when the scheduler has none (migration 0006). */
  autoRolloverDay: Generated<string | null>;
  /** When a scheduler should next look at the user: that day's instant, or a claim's expiry (indexed). */
  autoRolloverNextAt: Generated<string | null>;
  /** When the weekly summary job should next look at the user; '' until it first has (migration 0008). */
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
  /** Absolute end of the session (60 days after sign-in). */
  expiresAt: string;
  revokedAt: string | null;
  userAgent: string | null;
  /**
   * SHA-256 (hex) of each live refresh token, space-separated: normally the one last issued, plus
   * any siblings handed out in the reuse grace since (docs/decisions/003). Tokens are never stored.
   */
  refreshHashes: string;
  /** The hashes the last rotation retired (space-separated), and when it did. */
  retiredRefreshHashes: string;
  refreshRotatedAt: string | null;
  /** Idle expiry of the live refresh tokens (14 days after their last use). */
  refreshExpiresAt: string | null;
}

export type TaskStatus = "todo" | "inprogress" | "done" | "stalled";

/** A word of a task's title, for search (migration 0009; keyed by tasks.search_key since 0010). */
export interface TaskWordsTable {
  userId: string;
  word: string;
  /** The task's searchKey (PostgreSQL's bigint is read as a string). */
  taskKey: number | string;
}

export interface TasksTable {
  id: string;
  userId: string;
  goalId: string | null;
  title: string;
  description: string | null;
  status: TaskStatus;
  /** Calendar day in the user's zone; null = unscheduled. */
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
  /** The place in its column among tasks of the same start time, smaller first (migration 0014, decision 024). */
  position: Generated<number>;
  createdAt: string;
  updatedAt: string;
  /**
   * The task's key in task_words, in creation order (migration 0010): PostgreSQL's identity
   * (a bigint, read as a string), on SQLite given by tasksRepository.insertTasks. Null only for
   * rows written around the repository.
   */
  searchKey: Generated<number | string | null>;
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
  /** The owner's tasks linked to this goal, kept by every task write (migration 0003). */
  totalTasksCount: Generated<number>;
  /** Those of them that are done. */
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
  /** JSON: string[] of wrap-up reflection reasons. */
  reflectionReasons: string;
  createdAt: string;
}

export interface DailyInsightsTable {
  id: string;
  userId: string;
  date: string;
  /** JSON list of { type, title, description, priority }. */
  insights: string;
  viewed: Flag;
  provider: string | null;
  /** The user's data version the insights were computed from (migration 0008). */
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

/** A chat exchange, kept for the AI analytics: when, through which provider, and its token counts; never its text (migration 0007). */
export interface AiConversationsTable {
  id: string;
  userId: string;
  provider: string;
  /** Null when the provider reported none. */
  inputTokens: number | null;
  outputTokens: number | null;
  createdAt: string;
}

/** A goal breakdown: how many suggestions it showed and how many of them became tasks (migration 0007). */
export interface AiBreakdownsTable {
  id: string;
  userId: string;
  /** Null once the goal is deleted. */
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

/** Leases make a scheduled job run once across several server instances. */
export interface JobLeasesTable {
  key: string;
  owner: string;
  leaseExpiresAt: string;
  completedAt: string | null;
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
  rateLimits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTaskRow = Insertable<TasksTable>;
export type TaskRowUpdate = Updateable<TasksTable>;
export type GoalRow = Selectable<GoalsTable>;
export type SessionRow = Selectable<SessionsTable>;
