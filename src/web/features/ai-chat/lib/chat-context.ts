import type { Goal } from "../../../../shared/api/goals.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { completionRate } from "../../../../shared/rules/workload.ts";

export const AVERAGE_CAPACITY_HOURS = 6;

export interface ChatRequestContext {
  goals: { id: string; title: string; description: string | null; status: string; targetDate: string | null }[];
  tasks: {
    id: string;
    title: string;
    description: string | null;
    status: string;
    goalId: string | null;
    estimatedDuration: number | null;
  }[];
  completionRate: number;
  averageCapacity: number;
  patterns: { tasksToday: number; tasksDone: number; tasksStalled: number; activeGoals: number };
}

export function buildChatContext(goals: readonly Goal[], todayTasks: readonly Task[]): ChatRequestContext {
  const done = todayTasks.filter((task) => task.status === "done").length;
  return {
    goals: goals.map(({ id, title, description, status, targetDate }) => ({ id, title, description, status, targetDate })),
    tasks: todayTasks.map(({ id, title, description, status, goalId, estimatedDuration }) => ({
      id,
      title,
      description,
      status,
      goalId,
      estimatedDuration,
    })),
    completionRate: completionRate(todayTasks.length, done),
    averageCapacity: AVERAGE_CAPACITY_HOURS,
    patterns: {
      tasksToday: todayTasks.length,
      tasksDone: done,
      tasksStalled: todayTasks.filter((task) => task.status === "stalled").length,
      activeGoals: goals.filter((goal) => goal.status === "active").length,
    },
  };
}
