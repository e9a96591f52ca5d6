import { CalendarDays, ListChecks, ListPlus, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { type DayPlanEvent, dayPlanEvent, minutesOfTime, timeOfMinutes } from "../../../../shared/rules/day-plan.ts";
import type { CalendarEvent } from "../../../../shared/api/calendar.ts";
import type { CreateTaskInput, Task } from "../../../../shared/api/tasks.ts";
import { ESTIMATED_DURATION_MIN_MINUTES } from "../../../../shared/api/task-limits.ts";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { meetingMinutes } from "../../../../shared/rules/meetings.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCreateTask } from "../../tasks/index.ts";
import { cn } from "../../../lib/utils.ts";
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
  /** The viewed day's tasks, where a meeting's prep task is found again. */
  tasks?: readonly Task[] | undefined;
  onOpenTask?: (task: Task) => void;
}

export const PREP_MINUTES = 15;

const timeOf = (dateTime: string) => dateTime.slice(11, 16);

function whenLabel(event: CalendarEvent, date: string): string {
  if (event.allDay) return "All day";
  const start = event.start.slice(0, 10) < date ? "00:00" : timeOf(event.start);
  const end = event.end.slice(0, 10) > date ? "24:00" : timeOf(event.end);
  return end === "24:00" ? `${formatTime12h(start)} –` : `${formatTime12h(start)} – ${formatTime12h(end)}`;
}

/** A prep task that ends as the meeting starts; one that starts on another day, or all day, gets no time. */
export function prepTaskInput(event: CalendarEvent, date: string): CreateTaskInput {
  const title = `Prepare for ${event.title}`.slice(0, 200);
  const meetingStart = event.allDay || event.start.slice(0, 10) !== date ? null : minutesOfTime(timeOf(event.start));
  const start = meetingStart === null ? null : Math.max(0, meetingStart - PREP_MINUTES);
  if (meetingStart === null || start === null || meetingStart - start < ESTIMATED_DURATION_MIN_MINUTES) {
    return { title, date, scheduledStartTime: null, estimatedDuration: PREP_MINUTES };
  }
  return { title, date, scheduledStartTime: timeOfMinutes(start), estimatedDuration: meetingStart - start };
}

/** The viewed day's events from the user's calendars: nothing at all while they have none switched on. */
export function DayAgenda({ date, onMeetings, tasks, onOpenTask }: DayAgendaProps) {
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

  const prepOf = (event: CalendarEvent) => {
    const title = prepTaskInput(event, date).title;
    return tasks?.find((task) => task.date === date && task.title === title);
  };

  function prepare(event: CalendarEvent) {
    const existing = prepOf(event);
    if (existing && onOpenTask) return onOpenTask(existing);
    const input = prepTaskInput(event, date);
    const startTime = typeof input.scheduledStartTime === "string" ? formatTime12h(input.scheduledStartTime) : null;
    createTask.mutate(input, {
      onSuccess: () =>
        toast({
          title: "Task created",
          description: startTime ? `${input.title} · ${startTime}` : input.title,
        }),
      onError: (error) => toast({ title: "Could not create the task", description: error.message, variant: "destructive" }),
    });
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
              <li key={`${event.calendarId}-${event.id}`} className="flex min-w-0 items-start gap-2 text-sm">
                <span
                  className="mt-1.5 size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: colours.get(event.calendarId) ?? "#64748b" }}
                  aria-hidden="true"
                />
                {/* The title wraps at the panel's width, however narrow: it is never cut. */}
                <span className="min-w-0 flex-1">
                  <span className="block text-xs whitespace-nowrap tabular-nums text-muted-foreground">{whenLabel(event, date)}</span>
                  <span
                    className={cn("block [overflow-wrap:anywhere]", !event.busy && "text-muted-foreground")}
                    data-testid="calendar-event-title"
                  >
                    {event.title}
                    {event.busy ? null : <span className="sr-only"> (free)</span>}
                  </span>
                </span>
                {(() => {
                  const existing = onOpenTask ? prepOf(event) : undefined;
                  const label = existing ? `Open “${existing.title}”` : `Prepare for ${event.title}`;
                  return (
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={label}
                      title={label}
                      disabled={createTask.isPending}
                      onClick={() => prepare(event)}
                    >
                      {existing ? <ListChecks aria-hidden="true" /> : <ListPlus aria-hidden="true" />}
                    </Button>
                  );
                })()}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
