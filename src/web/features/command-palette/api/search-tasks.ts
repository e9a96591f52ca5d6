import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { searchWords } from "../../../../shared/rules/task-search.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { queryPrefixes } from "../../../lib/query-dependents.ts";

export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_RESULTS = 8;

export function searchTasks(q: string, limit = SEARCH_RESULTS): Promise<Task[]> {
  const query = new URLSearchParams({ q, limit: String(limit) });
  return apiJson<Task[]>(`/api/tasks/search?${query.toString()}`);
}

export function useTaskSearch(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const q = settled.trim();
  const enabled = q.length >= 2 && searchWords(q).length > 0;
  return useQuery({
    // Under the tasks prefix, so that a task change refreshes the results too.
    queryKey: [...queryPrefixes.tasks, "search", q],
    queryFn: () => searchTasks(q),
    enabled,
    staleTime: 30_000,
    placeholderData: enabled ? keepPreviousData : undefined,
    select: (tasks) => (enabled ? tasks : []),
  });
}
