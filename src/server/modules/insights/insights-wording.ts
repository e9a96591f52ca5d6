// Every failure returns null and the rule texts stand. Provider errors are logged by code only: some providers
// echo part of the key in their message.
import type { LanguageModel } from "ai";
import type { FastifyBaseLogger } from "fastify";
import { type AiProviderName, aiProviderNames } from "../../../shared/api/ai.ts";
import type { WeeklyInsight } from "../../../shared/api/insights.ts";
import type { WeekFigures } from "../../../shared/rules/weekly-summary.ts";
import type { AiConfig } from "../../config.ts";
import { toProviderError } from "../ai-models/ai-errors.ts";
import { createProviderModel, isProviderAvailable } from "../ai-models/ai-providers.ts";
import { loadAiSdk } from "../ai-models/ai-sdk.ts";
import { userDataSection } from "../ai-models/user-data-block.ts";

export const WORDING_TIMEOUT_MS = 8_000;
const MAX_TITLE = 80;
const MAX_DESCRIPTION = 300;
const MAX_SUMMARY = 1_200;

export interface WordedText {
  title: string;
  description: string;
}

export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced ? fenced[1]! : text).trim();
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function readPolishedInsights(text: string, count: number): WordedText[] | null {
  const parsed = extractJson(text);
  const list = Array.isArray(parsed) ? parsed : (parsed as { insights?: unknown } | undefined)?.insights;
  if (!Array.isArray(list) || list.length !== count) return null;
  const worded: WordedText[] = [];
  for (const entry of list) {
    const title = typeof entry?.title === "string" ? entry.title.trim() : "";
    const description = typeof entry?.description === "string" ? entry.description.trim() : "";
    if (!title || !description || title.length > MAX_TITLE || description.length > MAX_DESCRIPTION) return null;
    worded.push({ title, description });
  }
  return worded;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;
// A quoted title ends at a quote before a space, punctuation or the end, so "'Don't wait'" stays whole.
const NAMED_TITLE = /'(.+?)'(?=[\s.,;:!?)]|$)/g;

/** The numbers of a text outside the named titles, whose own digits are checked with the titles. */
function numbersBesides(text: string, titles: readonly string[]): Set<string> {
  const rest = titles.reduce((left, title) => left.split(title).join(" "), text);
  return new Set(rest.match(NUMBER) ?? []);
}

/** The wording names every task the rule text names, and says every number the rule text says and no other. */
export function keepsTheFacts(rule: WordedText, worded: WordedText): boolean {
  const ruleText = `${rule.title}\n${rule.description}`;
  const wordedText = `${worded.title}\n${worded.description}`;
  const titles = [...ruleText.matchAll(NAMED_TITLE)].map((match) => match[1]!);
  if (!titles.every((title) => wordedText.includes(title))) return false;
  const said = numbersBesides(ruleText, titles);
  const kept = numbersBesides(wordedText, titles);
  return said.size === kept.size && [...said].every((number) => kept.has(number));
}

export function insightsWording({ config, log, now }: { config: AiConfig; log: Pick<FastifyBaseLogger, "warn">; now: () => Date }) {
  const provider: AiProviderName | null = aiProviderNames.find((name) => isProviderAvailable(config, name)) ?? null;
  let model: LanguageModel | undefined;
  const timeoutMs = Math.min(config.timeoutMs, WORDING_TIMEOUT_MS);

  async function ask(instructions: string, prompt: string, data: unknown, maxOutputTokens: number): Promise<string | null> {
    const system = [instructions, "", ...userDataSection(data)].join("\n");
    if (!provider) return null;
    model ??= await createProviderModel(config, provider);
    if (!model) return null;
    const { generateText } = await loadAiSdk();
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const result = await generateText({ model, system, prompt, maxRetries: 0, maxOutputTokens, abortSignal: timeout });
      return result.text;
    } catch (error) {
      const mapped = toProviderError(error, { provider, timeoutMs, timedOut: timeout.aborted, now: now() });
      log.warn({ code: mapped.code, provider }, "insight wording failed; the rule texts stand");
      return null;
    }
  }

  return {
    provider,

    async polishDailyInsights(insights: readonly (WordedText & { type: string })[]): Promise<WordedText[] | null> {
      if (insights.length === 0) return null;
      const instructions =
        "You rewrite short insights for a personal daily planner. Keep every fact and number, address the user as 'you', " +
        `stay warm and brief: a title of at most ${MAX_TITLE} characters and a description of at most ${MAX_DESCRIPTION}. ` +
        "Answer with only a JSON array of objects with the fields title and description, one per insight, in the same order.";
      const data = insights.map(({ type, title, description }) => ({ type, title, description }));
      const text = await ask(instructions, "Rewrite the insights in the user-data block.", data, 800);
      if (text === null) return null;
      const worded = readPolishedInsights(text, insights.length);
      if (!worded) log.warn({ provider }, "insight wording answer was not the asked JSON; the rule texts stand");
      // A wording that drops or changes a fact is not used: that insight keeps its rule text.
      return (
        worded?.map((entry, index) => {
          const { title, description } = insights[index]!;
          return keepsTheFacts({ title, description }, entry) ? entry : { title, description };
        }) ?? null
      );
    },

    async writeWeeklySummary(weekStart: string, figures: WeekFigures, insights: readonly WeeklyInsight[]): Promise<string | null> {
      const instructions =
        "You write the weekly summary of a personal daily planner: two to four warm, concrete sentences addressed to the user " +
        "as 'you', using only the figures and insights given. Plain text, no lists, no markdown.";
      const data = { weekStart, ...figures, insights };
      const text = (await ask(instructions, "Write the summary of the week in the user-data block.", data, 400))?.trim();
      if (!text) return null;
      return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 3)}...` : text;
    },
  };
}
