// The served description against Fastify's route table: every /api route is there, and its body,
// query, params and answers are the JSON Schema of the zod contract the route validates with.
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "./route-table.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";
import { OPENAPI_PATH } from "./openapi.ts";

type Json = Record<string, unknown>;

// The type provider writes a literal as a one-value enum; the same constraint.
function sameMeaning(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sameMeaning);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([key, child]) => (key === "const" ? ["enum", [child]] : [key, sameMeaning(child)]));
  return Object.fromEntries(entries);
}

function contractJson(schema: unknown, io: "input" | "output"): Json {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema as z.ZodType, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as Json;
  return sameMeaning(json) as Json;
}

// Path parameters and query fields are listed one by one in OpenAPI; the object is rebuilt from them.
function parametersAsObject(operation: Json, where: "path" | "query"): Json {
  const parameters = ((operation.parameters ?? []) as Json[]).filter((parameter) => parameter.in === where);
  return Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema]));
}

type Document = Json & { paths: Record<string, Record<string, Json>> };

/** What in the description is missing or differs from the route table's contracts. */
function describedProblems(routes: readonly RouteEntry[], document: Document): string[] {
  const apiRoutes = routes.filter((route) => route.url.startsWith("/api/") && route.url !== OPENAPI_PATH && route.method !== "HEAD");
  const problems: string[] = [];
  const compare = (what: string, described: unknown, expected: unknown) => {
    if (JSON.stringify(described) !== JSON.stringify(expected)) {
      problems.push(`${what} differs from the contract: ${JSON.stringify(described)} != ${JSON.stringify(expected)}`);
    }
  };
  for (const route of apiRoutes) {
    const name = `${route.method} ${route.url}`;
    const operation = document.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
    if (!operation) {
      problems.push(`${name} is missing from the description`);
      continue;
    }
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (schema.body) {
      const described = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      compare(`${name} body`, described?.["application/json"]?.schema, contractJson(schema.body, "input"));
    }
    for (const where of ["params", "querystring"] as const) {
      if (!schema[where]) continue;
      const expected = contractJson(schema[where], "input") as { properties: Json };
      compare(`${name} ${where}`, parametersAsObject(operation, where === "params" ? "path" : "query"), expected.properties);
    }
    for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
      const content = (operation.responses as Record<string, Json>)[status]?.content as Record<string, Json> | undefined;
      compare(`${name} answer ${status}`, content?.["application/json"]?.schema, contractJson(response, "output"));
    }
  }
  return problems;
}

describeEachDatabase("OpenAPI description", (dialect) => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const response = await t.app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it("is OpenAPI 3.1 with the bearer scheme, public", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components).toMatchObject({ securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } });
  });

  it("describes every /api route with its contract's schemas", () => {
    expect(t.app.routeTable.filter((route) => route.url.startsWith("/api/")).length).toBeGreaterThan(25);
    expect(describedProblems(t.app.routeTable, document)).toEqual([]);
  });

  it("the check fails for a route missing from it, or a schema that differs", () => {
    const doctored: Document = structuredClone(document);
    delete doctored.paths["/api/goals"];
    const patch = doctored.paths["/api/tasks/{id}"]!.patch as { requestBody: { content: Record<string, { schema: Json }> } };
    patch.requestBody.content["application/json"]!.schema = { type: "object" };
    const problems = describedProblems(t.app.routeTable, doctored);
    expect(problems).toContainEqual(expect.stringContaining("GET /api/goals is missing"));
    expect(problems).toContainEqual(expect.stringContaining("PATCH /api/tasks/:id body differs"));
  });
});
