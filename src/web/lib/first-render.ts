// Waits for the HTML's answers so that the page paints its content at once, not a skeleton it then shifts (decision 013).
import type { FetchQueryOptions } from "@tanstack/react-query";
import { hasBootAnswer } from "./boot-answers.ts";
import { queryClient } from "./query-client.ts";
import { nextTask } from "./after-next-paint.ts";

const documentPathname = window.location.pathname.replace(/(.)\/+$/u, "$1");

export interface FirstQuery {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
  options: FetchQueryOptions<any, any, any, any>;
}

export async function loadWithFirstData<M>(
  pagePath: string,
  load: () => Promise<M>,
  firstQueries: (module: M) => FirstQuery[],
): Promise<M> {
  const module = await load();
  if (documentPathname === pagePath) {
    // A task of its own: evaluating the page's code and reading the answers are each a long task on a phone.
    await nextTask();
    const answered = firstQueries(module).filter((query) => hasBootAnswer(query.path));
    await Promise.all(answered.map((query) => queryClient.prefetchQuery(query.options)));
  }
  return module;
}
