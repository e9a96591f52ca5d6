import { describe, expect, it } from "vitest";
import { renderWelcomeScreen } from "../../../app/first-screens.tsx";

describe("WelcomeScreen", () => {
  it("does not say there is nothing to install: the app can be installed (decision 018)", () => {
    const html = renderWelcomeScreen([{ id: "local", displayName: "Local" }]);
    expect(html).not.toContain("nothing to install");
    expect(html).toContain("Daywise works in your browser; installing it as an app is up to you.");
  });
});
