import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  checklistItemParamsSchema,
  checklistItemSchema,
  checklistScopeQuerySchema,
  createChecklistItemBodySchema,
  createTaskRequestSchema,
  dayQuerySchema,
  dayStatsResponseSchema,
  dayTasksResponseSchema,
  deleteTaskQuerySchema,
  deleteTaskResponseSchema,
  futureTasksQuerySchema,
  futureTasksResponseSchema,
  taskSearchQuerySchema,
  taskSearchResponseSchema,
  stalledTasksResponseSchema,
  taskIdParamsSchema,
  taskSchema,
  updateChecklistItemBodySchema,
  updateTaskBodySchema,
} from "../../../shared/api/tasks.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { queryWords } from "../../../shared/rules/task-search.ts";
import { taskSearchService } from "../task-search/task-search.service.ts";
import { usersService } from "../user/user.service.ts";
import { tasksService } from "./tasks.service.ts";

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = tasksService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now() });
  const search = taskSearchService({ kysely: app.db.kysely });
  const users = usersService({ kysely: app.db.kysely, now: () => app.now() });
  // Signed-out callers get 401 before their query, body or params are validated.
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get("/api/tasks", { schema: { querystring: dayQuerySchema, response: { 200: dayTasksResponseSchema } } }, async (request, reply) => {
    const userId = requireUserId(request);
    const { date } = request.query;
    return reply.sendUserData(`tasks-of-day:${date}`, () => tasks.listTasksOfDay(userId, date));
  });

  app.get("/api/tasks/stalled", { schema: { response: { 200: stalledTasksResponseSchema } } }, async (request) =>
    tasks.listStalledTasks(requireUserId(request)),
  );

  app.get(
    "/api/tasks/future",
    { schema: { querystring: futureTasksQuerySchema, response: { 200: futureTasksResponseSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { startDate, endDate } = request.query;
      const today = await users.userToday(userId);
      return reply.sendUserData(`future-tasks:${startDate}:${endDate}:${today}`, () => tasks.listFutureTasks(userId, request.query, today));
    },
  );

  app.get(
    "/api/tasks/search",
    { schema: { querystring: taskSearchQuerySchema, response: { 200: taskSearchResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const words = queryWords(request.query.q);
      if (words.length === 0) return [];
      return search.searchTasks(userId, words, request.query.limit);
    },
  );

  app.get("/api/tasks/stats", { schema: { querystring: dayQuerySchema, response: { 200: dayStatsResponseSchema } } }, async (request) =>
    tasks.getDayStats(requireUserId(request), request.query.date),
  );

  app.post("/api/tasks", { schema: { body: createTaskRequestSchema, response: { 201: taskSchema } } }, async (request, reply) => {
    const task = await tasks.createTask(requireUserId(request), request.body);
    return reply.status(201).send(task);
  });

  app.patch(
    "/api/tasks/:id",
    { schema: { params: taskIdParamsSchema, body: updateTaskBodySchema, response: { 200: taskSchema } } },
    async (request) => tasks.updateTask(requireUserId(request), request.params.id, request.body),
  );

  app.delete(
    "/api/tasks/:id",
    { schema: { params: taskIdParamsSchema, querystring: deleteTaskQuerySchema, response: { 200: deleteTaskResponseSchema } } },
    async (request) => {
      await tasks.deleteTask(requireUserId(request), request.params.id, request.query.scope);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/tasks/:id/checklist",
    {
      schema: {
        params: taskIdParamsSchema,
        querystring: checklistScopeQuerySchema,
        body: createChecklistItemBodySchema,
        response: { 201: checklistItemSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { answer } = await tasks.addChecklistItem(userId, request.params.id, request.body, request.query.scope);
      return reply.status(201).send(answer);
    },
  );

  app.patch(
    "/api/tasks/:id/checklist/:itemId",
    {
      schema: {
        params: checklistItemParamsSchema,
        querystring: checklistScopeQuerySchema,
        body: updateChecklistItemBodySchema,
        response: { 200: checklistItemSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { params, query } = request;
      const { answer } = await tasks.updateChecklistItem(userId, params.id, params.itemId, request.body, query.scope);
      return answer;
    },
  );

  app.delete(
    "/api/tasks/:id/checklist/:itemId",
    { schema: { params: checklistItemParamsSchema, querystring: checklistScopeQuerySchema, response: { 200: deleteTaskResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      await tasks.deleteChecklistItem(userId, request.params.id, request.params.itemId, request.query.scope);
      return { ok: true as const };
    },
  );
};
