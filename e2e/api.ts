// Calls made as the signed-in browser (its cookies, and the CSRF cookie echoed in X-CSRF-Token),
// for journeys that set up data faster than through the screens. Each answer is checked.
import type { Page } from "@playwright/test";
import type { CreateGoalInput, Goal } from "../src/shared/api/goals.ts";
import type { CreateTaskInput, Task, UpdateTaskInput } from "../src/shared/api/tasks.ts";
import { expect } from "./fixtures.ts";

export function api(page: Page) {
  async function headers() {
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrfToken")?.value ?? "";
    return { "X-CSRF-Token": csrf };
  }
  async function updateTask(id: string, patch: UpdateTaskInput): Promise<Task> {
    const response = await page.request.patch(`/api/tasks/${id}`, { data: patch, headers: await headers() });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Task;
  }
  return {
    headers,
    /** Creates the task, then applies `patch` when given (a status, say). */
    async createTask(input: CreateTaskInput, patch?: UpdateTaskInput): Promise<Task> {
      const response = await page.request.post("/api/tasks", { data: input, headers: await headers() });
      expect(response.status(), await response.text()).toBe(201);
      const task = (await response.json()) as Task;
      return patch ? updateTask(task.id, patch) : task;
    },
    updateTask,
    async createGoal(input: CreateGoalInput): Promise<Goal> {
      const response = await page.request.post("/api/goals", { data: input, headers: await headers() });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Goal;
    },
  };
}
