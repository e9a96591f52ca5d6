import { describe, expect, it } from "vitest";
import { getInitials } from "./get-initials.ts";

describe("getInitials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada", "A"],
    ["  Grace  Brewster Murray Hopper ", "GH"],
    ["Émile Zola", "ÉZ"],
  ])("%s gives %s", (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });

  it("falls back to the e-mail, then to a question mark", () => {
    expect(getInitials("  ", "sam@example.com")).toBe("S");
    expect(getInitials("", null)).toBe("?");
  });
});
