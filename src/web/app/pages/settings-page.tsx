import { BarChart3, Bell, Bot, CalendarDays, FileUp, type LucideIcon, Plug, Repeat } from "lucide-react";
import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { AiAnalyticsPanel } from "../../features/ai-analytics/index.ts";
import { aiSettingsFirstQueries } from "../../features/ai-chat/first-queries.ts";
import { AiSettingsPanel } from "../../features/ai-chat/index.ts";
import { CalendarsPanel } from "../../features/calendar/index.ts";
import { ImportPanel } from "../../features/data-control/index.ts";
import { IntegrationsPanel } from "../../features/integrations/index.ts";
import { NotificationsPanel } from "../../features/notifications/index.ts";
import { RolloverSettingsPanel } from "../../features/rollover/index.ts";
import type { FirstQuery } from "../../lib/first-render.ts";

const TABS = [
  { value: "ai", label: "AI Settings", icon: Bot },
  { value: "rollover", label: "Rollover", icon: Repeat },
  { value: "analytics", label: "Analytics", icon: BarChart3 },
  { value: "notifications", label: "Notifications", icon: Bell },
  { value: "calendars", label: "Calendars", icon: CalendarDays },
  { value: "integrations", label: "Integrations", icon: Plug },
  { value: "import", label: "Import", icon: FileUp },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];
type TabValue = (typeof TABS)[number]["value"];
const DEFAULT_TAB: TabValue = "ai";

function isTabValue(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

function tabOf(searchParams: URLSearchParams): TabValue {
  const requested = searchParams.get("tab");
  return isTabValue(requested) ? requested : DEFAULT_TAB;
}

/** The open tab is kept in the address so that a reload or a shared link shows the same tab. */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams);

  function selectTab(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TAB) next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader title="Settings" description="Choose how Daywise plans with you and closes your days." />
      <Tabs value={tab} onValueChange={selectTab}>
        {/* Rows of two on a phone and wrapped lines on a narrow screen, so no tab hides behind a horizontal scroll. */}
        <TabsList aria-label="Settings sections" className="grid h-auto w-full grid-cols-2 sm:flex sm:w-fit sm:flex-wrap">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="max-w-3xl">
          <TabsContent value="ai">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <AiSettingsPanel />
            </Suspense>
          </TabsContent>
          <TabsContent value="rollover">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <RolloverSettingsPanel />
            </Suspense>
          </TabsContent>
          <TabsContent value="analytics">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <AiAnalyticsPanel />
            </Suspense>
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsPanel />
          </TabsContent>
          <TabsContent value="integrations">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <IntegrationsPanel />
            </Suspense>
          </TabsContent>
          <TabsContent value="import">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <ImportPanel />
            </Suspense>
          </TabsContent>
          <TabsContent value="calendars">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <CalendarsPanel />
            </Suspense>
          </TabsContent>
        </div>
      </Tabs>
    </>
  );
}

/** Loaded with the page's code so that the first render shows the tab, not its placeholder (decision 013). */
export function preloadOpenTab(search = window.location.search): Promise<unknown> {
  const tab = tabOf(new URLSearchParams(search));
  if (tab === "ai") return AiSettingsPanel.preload();
  if (tab === "rollover") return RolloverSettingsPanel.preload();
  if (tab === "calendars") return CalendarsPanel.preload();
  return Promise.resolve();
}

export function firstQueries(): FirstQuery[] {
  return aiSettingsFirstQueries();
}
