import { BarChart3, Bell, Bot, CalendarDays, Clock, FileUp, type LucideIcon, Plug, Repeat } from "lucide-react";
import type { ComponentType } from "react";
import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { AiAnalyticsPanel } from "../../features/ai-analytics/index.ts";
import { aiSettingsFirstQueries } from "../../features/ai-chat/first-queries.ts";
import { AiSettingsPanel } from "../../features/ai-chat/index.ts";
import { CalendarsPanel } from "../../features/calendar/index.ts";
import { WorkingHoursPanel } from "../../features/day-plan/index.ts";
import { ImportPanel } from "../../features/data-control/index.ts";
import { IntegrationsPanel } from "../../features/integrations/index.ts";
import { NotificationsPanel } from "../../features/notifications/index.ts";
import { RolloverSettingsPanel } from "../../features/rollover/index.ts";
import type { FirstQuery } from "../../lib/first-render.ts";

const TABS = [
  { value: "ai", label: "AI Settings", icon: Bot, Panel: AiSettingsPanel },
  { value: "rollover", label: "Rollover", icon: Repeat, Panel: RolloverSettingsPanel },
  { value: "analytics", label: "Analytics", icon: BarChart3, Panel: AiAnalyticsPanel },
  { value: "notifications", label: "Notifications", icon: Bell, Panel: NotificationsPanel },
  { value: "calendars", label: "Calendars", icon: CalendarDays, Panel: CalendarsPanel },
  { value: "hours", label: "Working hours", icon: Clock, Panel: WorkingHoursPanel },
  { value: "integrations", label: "Integrations", icon: Plug, Panel: IntegrationsPanel },
  { value: "import", label: "Import", icon: FileUp, Panel: ImportPanel },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon; Panel: ComponentType }[];
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
        {/* Rows of two on a phone, wrapped lines when narrow: no tab hides behind a scroll. */}
        <TabsList aria-label="Settings sections" className="grid h-auto w-full grid-cols-2 sm:flex sm:w-fit sm:flex-wrap">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="max-w-3xl">
          {TABS.map(({ value, Panel }) => (
            <TabsContent key={value} value={value}>
              <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                <Panel />
              </Suspense>
            </TabsContent>
          ))}
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
