import type { UpdateGoalInput } from "../../../../shared/api/goals.ts";
import type { PendingWriteRule } from "../../../lib/pending-writes.ts";
import { type NewGoalInput, changeCachedGoals, withGoalPatched, withNewGoal, withoutGoal } from "./optimistic-goals.ts";

const goalId = (match: RegExpExecArray) => decodeURIComponent(match[1]!);

/** How a waiting goal write shows in the cached list: as its optimistic change did when it was made. */
export const pendingGoalWriteRules: readonly PendingWriteRule[] = [
  {
    method: "POST",
    path: /^\/api\/goals$/,
    apply: (queryClient, entry) =>
      void changeCachedGoals(
        queryClient,
        (entry.json as NewGoalInput).id,
        withNewGoal(entry.json as NewGoalInput, new Date(entry.createdAt)),
      ),
  },
  {
    method: "PUT",
    path: /^\/api\/goals\/([^/?]+)$/,
    apply: (queryClient, entry, match) =>
      void changeCachedGoals(
        queryClient,
        goalId(match),
        withGoalPatched(goalId(match), entry.json as UpdateGoalInput, new Date(entry.createdAt)),
      ),
  },
  {
    method: "DELETE",
    path: /^\/api\/goals\/([^/?]+)$/,
    apply: (queryClient, _entry, match) => void changeCachedGoals(queryClient, goalId(match), withoutGoal(goalId(match))),
  },
];
