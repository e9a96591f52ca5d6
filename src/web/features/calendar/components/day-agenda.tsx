import { CalendarDays, ListPlus, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { type DayPlanEvent, dayPlanEvent } from "../../../../shared/rules/day-plan.ts";
import type { CalendarEvent } from "../../../../shared/api/calendar.ts";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { meetingMinutes } from "../../../../shared/rules/meetings.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCreateTask } from "../../tasks/index.ts";
import { useDayEvents } from "../api/calendar-queries.ts";

export interface DayMeetings {
  date: string;
  minutes: number;
  /** The day's events in minutes of the day, for the Capacity card's free time. */
  events: DayPlanEvent[];
}

interface DayAgendaProps {
  date: string;
  onMeetings: (meetings: DayMeetings) => void;
}

const timeOf = (dateTime: string) => dateTime.slice(11, 16);

function whenLabel(event: CalendarEvent, date: string): string {
  if (event.allDay) return "All day";
  const start = event.start.slice(0, 10) < date ? "00:00" : timeOf(event.start);
  const end = event.end.slice(0, 10) > date ? "24:00" : timeOf(event.end);
  return end === "24:00" ? `${formatTime12h(start)} –` : `${formatTime12h(start)} – ${formatTime12h(end)}`;
}

/** The viewed day's events from the user's calendars: nothing at all while they have none switched on. */
export function DayAgenda({ date, onMeetings }: DayAgendaProps) {
  const { subscriptions, events, isLoaded } = useDayEvents(date);
  const createTask = useCreateTask();
  const minutes = meetingMinutes(events, date);
  // As text, so that an answer equal to the last tells nothing again.
  const spans = JSON.stringify(events.map((event) => dayPlanEvent(event, date)));
  useEffect(() => {
    if (isLoaded) onMeetings({ date, minutes, events: JSON.parse(spans) as DayPlanEvent[] });
  }, [date, minutes, spans, isLoaded, onMeetings]);

  if (!subscriptions.some((subscription) => subscription.enabled)) return null;
  const colours = new Map(subscriptions.map((subscription) => [subscription.id, subscription.colour]));

  function prepare(event: CalendarEvent) {
    const startTime = event.allDay || event.start.slice(0, 10) !== date ? null : timeOf(event.start);
    createTask.mutate(
      { title: `Prepare for ${event.title}`.slice(0, 200), date, scheduledStartTime: startTime, estimatedDuration: 30 },
      {
        onSuccess: () => toast({ title: "Task created", description: `Prepare for ${event.title}` }),
        onError: (error) => toast({ title: "Could not create the task", description: error.message, variant: "destructive" }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-4 text-indigo-600" aria-hidden="true" />
          Calendar
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!isLoaded ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading events…
          </p>
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">No events this day.</p>
        ) : (
          <ul aria-label="Calendar events" className="grid gap-1">
            {events.map((event) => (
              <li key={`${event.calendarId}-${event.id}`} className="flex min-w-0 items-center gap-2 text-sm">
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: colours.get(event.calendarId) ?? "#64748b" }}
                  aria-hidden="true"
                />
                <span className="shrink-0 text-xs whitespace-nowrap tabular-nums text-muted-foreground">{whenLabel(event, date)}</span>
                <span
                  className={event.busy ? "min-w-0 flex-1 truncate" : "min-w-0 flex-1 truncate text-muted-foreground"}
                  title={event.title}
                >
                  {event.title}
                  {event.busy ? null : <span className="sr-only"> (free)</span>}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Prepare for ${event.title}`}
                  title={`Prepare for ${event.title}`}
                  disabled={createTask.isPending}
                  onClick={() => prepare(event)}
                >
                  <ListPlus aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
