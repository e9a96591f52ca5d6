import { type AppNotification, INSIGHTS_PATH } from "../lib/app-notification.ts";
import { isolate } from "../../../lib/bidi.ts";

export interface InsightLike {
  type: string;
  title: string;
  description: string;
  priority: string;
}

/** So that a marker key stays short whatever the title's length. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Insights have no id: one is named by its day, type and title. */
export function insightKey(date: string, insight: InsightLike): string {
  return `insight:${date}:${hashText(`${insight.type}\n${insight.title}`)}`;
}

/** Today's only: another day's are not news. */
export function newHighPriorityInsights<T extends InsightLike>(
  insights: readonly T[],
  context: { date: string; today: string; wasNotified: (key: string) => boolean },
): T[] {
  if (context.date !== context.today) return [];
  const seen = new Set<string>();
  return insights.filter((insight) => {
    if (insight.priority !== "high") return false;
    const key = insightKey(context.date, insight);
    if (seen.has(key) || context.wasNotified(key)) return false;
    seen.add(key);
    return true;
  });
}

export function insightNotification(insight: InsightLike, date: string): AppNotification {
  return {
    kind: "daily-insight",
    key: insightKey(date, insight),
    title: "New Insight",
    body: insight.description ? `${isolate(insight.title)}: ${insight.description}` : insight.title,
    path: INSIGHTS_PATH,
  };
}
