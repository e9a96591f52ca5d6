import { describe, expect, it } from "vitest";
import { analyticsFigures } from "./analytics-figures.ts";

describe("analyticsFigures (spec section 9: acceptance advice at 70%, conversation advice above 5)", () => {
  it("shows the rate as a rounded percentage and the conversation count", () => {
    expect(analyticsFigures(2 / 3, 12)).toMatchObject({ acceptancePercent: "67%", conversationCount: "12" });
    expect(analyticsFigures(0, 1000).conversationCount).toBe("1000+");
  });

  it("switches the acceptance advice at 70%", () => {
    expect(analyticsFigures(0.7, 0).acceptanceAdvice).toContain("you keep most of them");
    expect(analyticsFigures(0.69, 0).acceptanceAdvice).toContain("Additional Context");
  });

  it("switches the conversation advice above 5 conversations", () => {
    expect(analyticsFigures(0, 6).conversationAdvice).toContain("You plan with the assistant often");
    expect(analyticsFigures(0, 5).conversationAdvice).toContain("Ask the AI assistant");
  });

  it("reads Pattern Learning as Active once the assistant was used in the window, else Enabled", () => {
    expect(analyticsFigures(0, 0).patternLearning).toBe("Enabled");
    expect(analyticsFigures(0, 1).patternLearning).toBe("Active");
    expect(analyticsFigures(0.5, 0).patternLearning).toBe("Active");
  });
});
