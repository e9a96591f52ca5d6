// The page a document opens on renders with its data (issue 20, decision 013). When the server
// answered the page's first calls inside the HTML, the page's module waits for those answers to be
// in the query cache before its first render, so the page paints its content at once instead of a
// skeleton that the content then pushes about (a layout shift, and a second render). A page the
// user navigates to later, or one without answers in the HTML, renders at once with its loading
// state, as before.
import type { FetchQueryOptions } from "@tanstack/react-query";
import { hasBootAnswer } from "./boot-answers.ts";
import { queryClient } from "./query-client.ts";
import { nextTask } from "./when-idle.ts";

/** The page the document opened on (read once, when the app starts). */
const documentPathname = window.location.pathname.replace(/(.)\/+$/u, "$1");

/** A query a page's first render needs, and the path its API function asks for. */
export interface FirstQuery {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
  options: FetchQueryOptions<any, any, any, any>;
}

/**
 * Loads a page's module; when the page is the one the document opened on, also puts the answers
 * the HTML holds for `firstQueries` into the query cache. Never fails for the data: a query that
 * fails is left to the page's own error state.
 */
export async function loadWithFirstData<M>(
  pagePath: string,
  load: () => Promise<M>,
  firstQueries: (module: M) => FirstQuery[],
): Promise<M> {
  const module = await load();
  if (documentPathname === pagePath) {
    // A task of its own: evaluating the page's code is one long task on a phone, and the answers'
    // reading (the day's date in the user's zone is the first use of the zone data) another.
    await nextTask();
    const answered = firstQueries(module).filter((query) => hasBootAnswer(query.path));
    await Promise.all(answered.map((query) => queryClient.prefetchQuery(query.options)));
  }
  return module;
}
