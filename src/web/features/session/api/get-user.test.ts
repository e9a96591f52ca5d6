import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { getUser } from "./get-user.ts";

const ada = { id: "u1", name: "Ada Lovelace", email: "ada@example.com", avatarUrl: null, timeZone: "Europe/London" };

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("getUser", () => {
  it("returns the signed-in user", async () => {
    const fetchMock = mockFetch(() => jsonResponse(ada));

    await expect(getUser()).resolves.toEqual(ada);
    expect(fetchMock).toHaveBeenCalledWith("/api/user", expect.objectContaining({ credentials: "include", method: "GET" }));
  });

  it("treats 401 as no user, with no refresh and no retry", async () => {
    const fetchMock = mockFetch(() => errorResponse(401, "Sign in first"));

    await expect(getUser()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("treats any other failure as no user, and logs it", async () => {
    mockFetch(() => errorResponse(500, "Database down"));
    await expect(getUser()).resolves.toBeNull();

    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(getUser()).resolves.toBeNull();

    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  describe("a returning visitor whose access cookie lapsed but whose refresh session lives on", () => {
    beforeEach(() => {
      document.cookie = "csrfToken=abc; path=/";
    });
    afterEach(() => {
      document.cookie = "csrfToken=; path=/; max-age=0";
    });

    it("refreshes silently once and asks again", async () => {
      let userCalls = 0;
      const fetchMock = mockFetch((url) => {
        if (url === "/auth/refresh") return jsonResponse({ ok: true });
        userCalls += 1;
        return userCalls === 1 ? errorResponse(401, "Sign in first") : jsonResponse(ada);
      });

      await expect(getUser()).resolves.toEqual(ada);
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/user", "/auth/refresh", "/api/user"]);
      expect(fetchMock.mock.calls[1]?.[1]).toEqual(expect.objectContaining({ method: "POST" }));
    });

    it("is no user when the refresh fails, without a redirect", async () => {
      const fetchMock = mockFetch((url) =>
        url === "/auth/refresh" ? errorResponse(401, "Session expired") : errorResponse(401, "Sign in first"),
      );

      await expect(getUser()).resolves.toBeNull();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/user", "/auth/refresh"]);
    });
  });
});
