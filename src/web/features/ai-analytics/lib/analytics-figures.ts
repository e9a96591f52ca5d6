import { PLANNING_HISTORY_MAX_ENTRIES } from "../../../../shared/api/ai-breakdown-limits.ts";

export const ACCEPTANCE_ADVICE_THRESHOLD = 0.7;
export const CONVERSATION_ADVICE_ABOVE = 5;

export interface AnalyticsFigures {
  acceptancePercent: string;
  /** '1000+' when the history answer is cut at its cap. */
  conversationCount: string;
  patternLearning: "Active" | "Enabled";
  acceptanceAdvice: string;
  conversationAdvice: string;
}

export function analyticsFigures(acceptanceRate: number, conversations: number): AnalyticsFigures {
  return {
    acceptancePercent: `${Math.round(acceptanceRate * 100)}%`,
    conversationCount: conversations >= PLANNING_HISTORY_MAX_ENTRIES ? `${PLANNING_HISTORY_MAX_ENTRIES}+` : String(conversations),
    patternLearning: conversations > 0 || acceptanceRate > 0 ? "Active" : "Enabled",
    acceptanceAdvice:
      acceptanceRate >= ACCEPTANCE_ADVICE_THRESHOLD
        ? "The AI's task suggestions fit the way you plan: you keep most of them."
        : "Add more detail under Additional Context when you break down a goal, so the suggestions fit you better.",
    conversationAdvice:
      conversations > CONVERSATION_ADVICE_ABOVE
        ? "You plan with the assistant often; its advice draws on your goals and today's tasks."
        : "Ask the AI assistant to help plan your day: it knows your goals and today's tasks.",
  };
}
