import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { readUserItem, setStorageUser, writeUserItem } from "../../../lib/user-storage.ts";
import { userQueryKey } from "../api/get-user.ts";
import { bindUserStorage } from "./bind-user-storage.ts";

const user = (id: string) => ({ id, name: id, email: null, avatarUrl: null, timeZone: "UTC" });

afterEach(() => {
  setStorageUser(null);
  localStorage.clear();
});

describe("bindUserStorage", () => {
  it("reads and writes for the user the user query holds, and for nobody while there is none", () => {
    const client = createQueryClient();
    const unbind = bindUserStorage(client);
    writeUserItem("ai-chat-open", "true");
    expect(localStorage.getItem("ai-chat-open")).toBeNull();

    client.setQueryData(userQueryKey, user("a"));
    writeUserItem("ai-chat-open", "true");
    expect(readUserItem("ai-chat-open")).toBe("true");

    // Another account on the same page: A's value is not B's.
    client.setQueryData(userQueryKey, user("b"));
    expect(readUserItem("ai-chat-open")).toBeNull();

    client.setQueryData(userQueryKey, null);
    expect(readUserItem("ai-chat-open")).toBeNull();
    client.setQueryData(userQueryKey, user("a"));
    expect(readUserItem("ai-chat-open")).toBe("true");
    unbind();
  });

  it("starts from a user already in the cache", () => {
    const client = createQueryClient();
    client.setQueryData(userQueryKey, user("a"));
    const unbind = bindUserStorage(client);
    writeUserItem("ai-chat-open", "true");
    expect(readUserItem("ai-chat-open")).toBe("true");
    unbind();
  });
});
