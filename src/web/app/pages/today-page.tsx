import { AlertCircle, Loader2 } from "lucide-react";
import { type Ref, memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Task } from "../../../shared/api/tasks.ts";
import { capacityCardFigures, dayCapacity } from "../../../shared/rules/capacity.ts";
import { dayHistoryCounts } from "../../../shared/rules/day-history.ts";
import { type DayPlanEvent, minutesOfTime, plannedOfFree } from "../../../shared/rules/day-plan.ts";
import { Button } from "../../components/ui/button.tsx";
import {
  BoardSkeleton,
  DayHeader,
  DayProgress,
  DeleteTaskDialog,
  EmptyBoard,
  firstBoardQueries,
  FutureTasksPanel,
  InsightsSidebar,
  KeyboardShortcutsDialog,
  MoveTaskDialog,
  focusTargetInstead,
  QuickAdd,
  StalledBanner,
  TaskBoard,
  type TaskCardActions,
  TaskFormDialog,
  useBoardShortcuts,
  useBoardTasks,
  useDayStats,
  useTaskMoves,
  useTimeZone,
  useTaskParam,
  useViewedDate,
} from "../../features/tasks/index.ts";
import { DailyInsightsCard, WeeklySummaryCard } from "../../features/insights/index.ts";
import { DayAgenda, type DayMeetings } from "../../features/calendar/index.ts";
import { WrapUpDialog } from "../../features/rollover/index.ts";
import { Timeline, TodayViewSwitch, useTodayView } from "../../features/timeline/index.ts";
import { PlanMyDayButton, usePlanMyDay } from "../../features/day-plan/index.ts";
import { userQueryKey, useUser } from "../../features/session/index.ts";
import type { FirstQuery } from "../../lib/first-render.ts";
import { queryClient } from "../../lib/query-client.ts";
import { useIsIdle } from "../../lib/when-idle.ts";
import type { User } from "../../../shared/api/user.ts";

const NO_EVENTS: DayPlanEvent[] = [];

interface FormState {
  open: boolean;
  /** Kept while the dialog animates closed. */
  task?: Task;
}

export function TodayPage() {
  const timeZone = useTimeZone();
  const { viewedDate, today, isToday, setViewedDate } = useViewedDate();
  const { tasks, stalledTasks, day } = useBoardTasks(viewedDate);
  const stats = useDayStats(viewedDate);
  const moves = useTaskMoves({ today, viewedDate });
  const form = useRef<TaskFormOpener>(null);
  const [taskToDelete, setTaskToDelete] = useState<Task | null>(null);
  const [taskToMove, setTaskToMove] = useState<Task | null>(null);
  const [isFutureOpen, setIsFutureOpen] = useState(false);
  const [isWrapUpOpen, setIsWrapUpOpen] = useState(false);
  const [isShortcutsOpen, setIsShortcutsOpen] = useState(false);
  // The calendar's agenda comes after the first paint, below the Capacity card, so its arrival moves nothing above it.
  const isAgendaLoaded = useIsIdle(DayAgenda.preload);
  const [meetings, setMeetings] = useState<DayMeetings | null>(null);
  const [view, setView] = useTodayView();
  const planMyDay = usePlanMyDay(viewedDate);
  const user = useUser().data;

  const openCreate = useCallback(() => form.current?.open(), []);
  useOpenFromPalette({
    openWrapUp: () => setIsWrapUpOpen(true),
    openFutureTasks: () => setIsFutureOpen(true),
    planDay: planMyDay.plan,
  });
  const actions = useMemo<TaskCardActions>(
    () => ({
      onEdit: (task) => form.current?.open(task),
      onDelete: setTaskToDelete,
      onResume: moves.resume,
      onMoveToDay: setTaskToMove,
      onComplete: (task) => {
        // Its card goes to Done (off screen on a phone): focus stays among the cards.
        const next = focusTargetInstead(task.id);
        moves.completeWithUndo(task);
        next?.focus();
      },
    }),
    [moves],
  );
  useTaskParam(tasks, actions.onEdit);
  useBoardShortcuts(tasks, {
    onNew: openCreate,
    onMove: moves.moveToColumn,
    onEdit: actions.onEdit,
    onMoveToDay: setTaskToMove,
    onDelete: actions.onDelete,
    onHelp: () => setIsShortcutsOpen(true),
  });
  const figures = useMemo(() => (tasks ? capacityCardFigures(tasks) : null), [tasks]);
  const history = figures ? dayHistoryCounts({ done: figures.breakdown.done, total: figures.total }, stats.data) : null;
  // The Capacity card's Total and Progress agree with the heading's counter on a closed day.
  const historyTotal = history?.total;
  const historyPercent = history?.percent;
  const cardFigures = useMemo(
    () =>
      figures && historyTotal !== undefined && historyPercent !== undefined && historyTotal !== figures.total
        ? { ...figures, total: historyTotal, progressPercent: historyPercent }
        : figures,
    [figures, historyTotal, historyPercent],
  );
  const dayEvents = meetings?.date === viewedDate ? meetings.events : NO_EVENTS;
  const dayMeetingMinutes = meetings?.date === viewedDate ? meetings.minutes : 0;
  const capacity = useMemo(
    () => (tasks ? dayCapacity({ tasks, meetingMinutes: dayMeetingMinutes, workday: user ?? undefined }) : null),
    [tasks, dayMeetingMinutes, user],
  );
  const timeboxed = useMemo(
    () =>
      tasks && user
        ? plannedOfFree({
            workdayStart: user.workdayStart,
            workdayEnd: user.workdayEnd,
            events: dayEvents,
            timedTasks: tasks.flatMap((task) =>
              task.scheduledStartTime ? [{ start: minutesOfTime(task.scheduledStartTime), estimatedDuration: task.estimatedDuration }] : [],
            ),
          })
        : null,
    [tasks, user, dayEvents],
  );

  let board;
  if (day.isError) {
    board = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="flex items-center gap-2 font-semibold">
          <AlertCircle className="size-5" aria-hidden="true" />
          {day.error.message}
        </p>
        <Button variant="outline" onClick={() => void day.refetch()} disabled={day.isFetching}>
          {day.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Try again
        </Button>
      </div>
    );
  } else if (!tasks) {
    board = <BoardSkeleton />;
  } else if (tasks.length === 0) {
    board = <EmptyBoard onAddTask={openCreate} onExternalDrop={moves.dropOnDay} />;
  } else {
    board = <TaskBoard tasks={tasks} timeZone={timeZone} actions={actions} onDrop={moves.dropOnBoard} onExternalDrop={moves.dropOnDay} />;
  }

  return (
    <>
      <DayHeader
        viewedDate={viewedDate}
        isToday={isToday}
        onNavigate={setViewedDate}
        onGoToToday={() => setViewedDate(today)}
        counts={history}
        unfinished={figures ? figures.total - figures.breakdown.done : 0}
        isUnavailable={day.isError}
        rolledOver={history?.rolledOver ?? 0}
        onOpenFutureTasks={() => setIsFutureOpen(true)}
        onAddTask={openCreate}
        onOpenWrapUp={() => setIsWrapUpOpen(true)}
        isFuture={viewedDate > today}
      />
      <DayProgress date={viewedDate} percent={history?.percent ?? 0} />
      <QuickAdd viewedDate={viewedDate} today={today} />
      <StalledBanner
        tasks={stalledTasks}
        today={today}
        onResume={moves.resume}
        onComplete={moves.complete}
        onReschedule={moves.reschedule}
      />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <TodayViewSwitch value={view} onChange={setView} onIntent={() => void Timeline.preload()} />
            <PlanMyDayButton planMyDay={planMyDay} />
          </div>
          {planMyDay.panel}
          {view === "timeline" && tasks ? (
            <Timeline
              date={viewedDate}
              tasks={tasks}
              timeZone={timeZone}
              isToday={isToday}
              onOpenTask={actions.onEdit}
              {...(user ? { workdayStart: user.workdayStart, workdayEnd: user.workdayEnd } : {})}
            />
          ) : (
            board
          )}
        </div>
        <InsightsSidebar
          figures={cardFigures}
          viewedDate={viewedDate}
          isToday={isToday}
          meetingMinutes={dayMeetingMinutes}
          capacity={capacity}
          timeboxed={timeboxed}
        >
          {isAgendaLoaded ? <DayAgenda date={viewedDate} onMeetings={setMeetings} tasks={tasks} onOpenTask={actions.onEdit} /> : null}
          <DailyInsightsCard date={viewedDate} isToday={isToday} />
          <WeeklySummaryCard />
        </InsightsSidebar>
      </div>

      <TaskFormHost ref={form} defaultDate={viewedDate} />
      <DeleteTaskDialog
        task={taskToDelete}
        onOpenChange={(open) => {
          if (!open) setTaskToDelete(null);
        }}
      />
      <MoveTaskDialog
        task={taskToMove}
        today={today}
        onMove={moves.moveToDay}
        onOpenChange={(open) => {
          if (!open) setTaskToMove(null);
        }}
      />
      <WrapUpDialog open={isWrapUpOpen} onOpenChange={setIsWrapUpOpen} date={viewedDate} today={today} tasks={tasks ?? []} />
      <KeyboardShortcutsDialog open={isShortcutsOpen} onOpenChange={setIsShortcutsOpen} />
      <FutureTasksPanel open={isFutureOpen} onOpenChange={setIsFutureOpen} today={today} onMoveToToday={moves.moveToToday} />
    </>
  );
}

interface TaskFormOpener {
  open: (task?: Task) => void;
}

/** Holds the dialog's own state: opening or closing it renders the dialog, not the whole page and board (issue 56 item 12). */
const TaskFormHost = memo(function TaskFormHost({ ref, defaultDate }: { ref: Ref<TaskFormOpener>; defaultDate: string }) {
  const [form, setForm] = useState<FormState>({ open: false });
  useImperativeHandle(ref, () => ({ open: (task) => setForm({ open: true, ...(task ? { task } : {}) }) }), []);
  const onOpenChange = useCallback((open: boolean) => setForm((current) => ({ ...current, open })), []);
  return <TaskFormDialog open={form.open} onOpenChange={onOpenChange} task={form.task} defaultDate={defaultDate} />;
});

function useOpenFromPalette(openers: { openWrapUp: () => void; openFutureTasks: () => void; planDay: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as Record<string, unknown>;
  const opener = (["openWrapUp", "openFutureTasks", "planDay"] as const).find((name) => state[name] === true) ?? null;
  const latest = useRef(openers);
  useEffect(() => {
    latest.current = openers;
  });
  useEffect(() => {
    if (!opener) return;
    latest.current[opener]();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [opener, navigate, location.pathname, location.search]);
}

export function firstQueries(): FirstQuery[] {
  const user = queryClient.getQueryData<User>(userQueryKey);
  const timeZone = user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return firstBoardQueries(window.location.search, timeZone, new Date());
}
