import { useQuery } from "@tanstack/react-query";
import { Brain, Lightbulb, MessageSquare, ShieldCheck, ThumbsUp } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { DataControlActions } from "../../data-control/index.ts";
import { acceptanceRateQueryOptions, planningHistoryQueryOptions } from "../api/ai-analytics-queries.ts";
import { analyticsFigures } from "../lib/analytics-figures.ts";

export function AiAnalyticsPanel() {
  const acceptance = useQuery(acceptanceRateQueryOptions());
  const history = useQuery(planningHistoryQueryOptions());
  const isLoading = acceptance.data === undefined || history.data === undefined;
  const figures = analyticsFigures(acceptance.data ?? 0, history.data?.length ?? 0);

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2">AI Analytics</CardTitle>
          <CardDescription>Overview of the last 30 days</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl aria-busy={isLoading} className="grid gap-3 sm:grid-cols-3">
            <Figure icon={<ThumbsUp />} label="AI suggestion acceptance" value={isLoading ? null : figures.acceptancePercent} />
            <Figure icon={<MessageSquare />} label="AI conversations" value={isLoading ? null : figures.conversationCount} />
            <Figure icon={<Brain />} label="Pattern Learning" value={isLoading ? null : figures.patternLearning} />
          </dl>
          {isLoading ? null : (
            <ul aria-label="Advice" className="grid gap-2">
              {[figures.acceptanceAdvice, figures.conversationAdvice].map((advice) => (
                <li key={advice} className="flex items-start gap-2 rounded-md bg-secondary/60 p-3 text-sm">
                  <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {advice}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            Privacy and Data Control
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>
            Your data is private to your account. For these figures Daywise keeps when you used the assistant, through which provider and
            how many suggestions you kept, never the text of your conversations.
          </p>
          <p>To delete or export your data, contact support.</p>
          <p>You can also export your data or delete your account right here, with the buttons below.</p>
          <Suspense fallback={<Skeleton className="h-10 w-full" />}>
            <DataControlActions />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    <div className="grid gap-1 rounded-md border p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="text-2xl font-semibold">{value ?? <Skeleton className="h-8 w-16 rounded" />}</dd>
    </div>
  );
}
