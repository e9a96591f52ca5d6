import { type QueryClient, hashKey } from "@tanstack/react-query";
import type { User } from "../../../../shared/api/user.ts";
import { setStorageUser } from "../../../lib/user-storage.ts";
import { userQueryKey } from "../api/get-user.ts";

/** The cache tells its listeners before React renders the new user, so that render already reads their storage. */
export function bindUserStorage(client: QueryClient): () => void {
  const userQueryHash = hashKey(userQueryKey);
  const sync = () => setStorageUser(client.getQueryData<User | null>(userQueryKey)?.id ?? null);
  sync();
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === userQueryHash) sync();
  });
}
