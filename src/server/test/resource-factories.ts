// For the cross-user harness (route-harness.test.ts): one factory per route that takes an id,
// keyed by Fastify's route URL. Each creates a resource owned by `owner` and returns its id.
// A route with an id and no factory here fails the harness, so new routes cannot be forgotten.
import type { SignedInUser } from "./sign-in.ts";
import type { TestApp } from "./test-app.ts";

export type ResourceFactory = (t: TestApp, owner: SignedInUser) => Promise<string>;

export const resourceFactories: Record<string, ResourceFactory> = {};
