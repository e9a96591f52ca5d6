import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { QUICK_ADD_GRAMMAR, firstRepeatDay, parseQuickAdd, type QuickAddResult, quickAddTaskInput } from "./quick-add.ts";
import { nextOccurrence } from "./recurrence.ts";

// Tuesday 24 November 2026.
const TODAY = "2026-11-24";
const GOALS = [
  { id: "g-launch", title: "Launch" },
  { id: "g-party", title: "Launch party planning" },
  { id: "g-spanish", title: "Learn Spanish" },
  { id: "g-fit", title: "Get fit" },
];

type Expected = Partial<Omit<QuickAddResult, "goal" | "understood">> & { goal?: string | null };

// [input, expected]: fields left out are expected at their "not written" value.
const CASES: [string, Expected][] = [
  // The example, and plain titles.
  [
    "Write the report 45m tomorrow 9am #Launch",
    { title: "Write the report", estimatedDuration: 45, date: "2026-11-25", scheduledStartTime: "09:00", goal: "g-launch" },
  ],
  ["Write the report", { title: "Write the report" }],
  ["  Call   Anna  ", { title: "Call Anna" }],
  ["", { title: "" }],
  // Estimates.
  ["Email 45m", { title: "Email", estimatedDuration: 45 }],
  ["Email 45min", { title: "Email", estimatedDuration: 45 }],
  ["Email 45 min", { title: "Email", estimatedDuration: 45 }],
  ["Email 45 minutes", { title: "Email", estimatedDuration: 45 }],
  ["Deep work 1h", { title: "Deep work", estimatedDuration: 60 }],
  ["Deep work 1h30", { title: "Deep work", estimatedDuration: 90 }],
  ["Deep work 1h30m", { title: "Deep work", estimatedDuration: 90 }],
  ["Deep work 90 min", { title: "Deep work", estimatedDuration: 90 }],
  ["Deep work 1.5h", { title: "Deep work", estimatedDuration: 90 }],
  ["Deep work 2 hours", { title: "Deep work", estimatedDuration: 120 }],
  ["Deep work 2hrs", { title: "Deep work", estimatedDuration: 120 }],
  ["Deep work 8h", { title: "Deep work", estimatedDuration: 480 }],
  ["Deep work 9h", { title: "Deep work 9h" }], // past 480 minutes: not an estimate
  ["Stretch 3m", { title: "Stretch 3m" }], // under 5 minutes
  ["Stretch 5m", { title: "Stretch", estimatedDuration: 5 }],
  ["Deep work 1h75", { title: "Deep work 1h75" }], // 75 is not minutes of an hour
  ["Read 2 chapters", { title: "Read 2 chapters" }],
  ["Email 45m 30m", { title: "Email 30m", estimatedDuration: 45 }], // the first estimate wins
  // Days.
  ["Pay rent today", { title: "Pay rent", date: "2026-11-24" }],
  ["Pay rent tomorrow", { title: "Pay rent", date: "2026-11-25" }],
  ["Pay rent tmrw", { title: "Pay rent", date: "2026-11-25" }],
  ["Pay rent someday", { title: "Pay rent", date: null }],
  ["Pay rent tuesday", { title: "Pay rent", date: "2026-11-24" }], // today is a Tuesday
  ["Pay rent wed", { title: "Pay rent", date: "2026-11-25" }],
  ["Pay rent monday", { title: "Pay rent", date: "2026-11-30" }],
  ["Pay rent fri", { title: "Pay rent", date: "2026-11-27" }],
  ["Pay rent on friday", { title: "Pay rent", date: "2026-11-27" }],
  ["Pay rent next mon", { title: "Pay rent", date: "2026-11-30" }],
  ["Pay rent next friday", { title: "Pay rent", date: "2026-12-04" }],
  ["Pay rent next tue", { title: "Pay rent", date: "2026-12-01" }],
  ["Plan next week", { title: "Plan next week" }], // "next week" is a title's own words
  ["next week", { title: "", date: "2026-11-30" }], // but a line that is only a day (the palette, an import)
  ["Pay rent in 3 days", { title: "Pay rent", date: "2026-11-27" }],
  ["Pay rent in 2 weeks", { title: "Pay rent", date: "2026-12-08" }],
  ["Pay rent dec 3", { title: "Pay rent", date: "2026-12-03" }],
  ["Pay rent december 3rd", { title: "Pay rent", date: "2026-12-03" }],
  ["Pay rent 3 dec", { title: "Pay rent", date: "2026-12-03" }],
  ["Pay rent on 3rd december", { title: "Pay rent", date: "2026-12-03" }],
  ["Pay rent nov 24", { title: "Pay rent", date: "2026-11-24" }], // today counts
  ["Pay rent nov 23", { title: "Pay rent", date: "2027-11-23" }], // passed: next year
  ["Pay rent feb 29", { title: "Pay rent", date: "2028-02-29" }], // the next year that has it
  ["Pay rent feb 30", { title: "Pay rent feb 30" }],
  ["Pay rent 2027-01-15", { title: "Pay rent", date: "2027-01-15" }],
  ["Pay rent 2027-02-30", { title: "Pay rent 2027-02-30" }],
  ["Pay rent may", { title: "Pay rent may" }], // a month alone is no day
  ["Pay rent today tomorrow", { title: "Pay rent tomorrow", date: "2026-11-24" }],
  // Words that are also days stay words.
  ["Prepare the SAT", { title: "Prepare the SAT" }],
  ["Enjoy the sun", { title: "Enjoy the sun" }],
  ["Hike on sat", { title: "Hike", date: "2026-11-28" }],
  ["Brunch next sun", { title: "Brunch", date: "2026-12-06" }],
  ["Call mom", { title: "Call mom" }],
  ["Look at the next slide", { title: "Look at the next slide" }],
  ["Arrive in time", { title: "Arrive in time" }],
  ["Decide on pricing", { title: "Decide on pricing" }],
  ["Monday standup 9am", { title: "Monday standup", scheduledStartTime: "09:00" }],
  ["Friday drinks on friday", { title: "Friday drinks", date: "2026-11-27" }],
  ["monday", { title: "", date: "2026-11-30" }],
  // Start times.
  ["Standup 9am", { title: "Standup", scheduledStartTime: "09:00" }],
  ["Standup 9 am", { title: "Standup", scheduledStartTime: "09:00" }],
  ["Standup at 9:30am", { title: "Standup", scheduledStartTime: "09:30" }],
  ["Standup @10am", { title: "Standup", scheduledStartTime: "10:00" }],
  ["Dinner 7pm", { title: "Dinner", scheduledStartTime: "19:00" }],
  ["Dinner 12am", { title: "Dinner", scheduledStartTime: "00:00" }],
  ["Lunch 12pm", { title: "Lunch", scheduledStartTime: "12:00" }],
  ["Review 14:30", { title: "Review", scheduledStartTime: "14:30" }],
  ["Review 25:00", { title: "Review 25:00" }],
  ["Review 13pm", { title: "Review 13pm" }],
  ["Train at 6", { title: "Train at 6" }], // a bare number is no time
  // Goals.
  ["Draft the press release #Launch", { title: "Draft the press release", goal: "g-launch" }], // exact beats prefix
  ["Book the venue #launch-party", { title: "Book the venue", goal: "g-party" }],
  ["Book the venue #LAUNCH_P", { title: "Book the venue", goal: "g-party" }],
  ["Verbs #learn", { title: "Verbs", goal: "g-spanish" }],
  ["Run #get-fit", { title: "Run", goal: "g-fit" }],
  ["Something #l", { title: "Something #l" }], // several goals start with l
  ["Fix bug #42", { title: "Fix bug #42" }], // no such goal
  ["Tag #", { title: "Tag #" }],
  // Quotes keep their words in the title.
  ['Write "tomorrow" essay', { title: 'Write "tomorrow" essay' }],
  ['Read "Atomic Habits" 30m', { title: 'Read "Atomic Habits"', estimatedDuration: 30 }],
  ['Watch "Friday Night Lights" friday', { title: 'Watch "Friday Night Lights"', date: "2026-11-27" }],
  ["Plan “9am standup” tomorrow", { title: "Plan “9am standup”", date: "2026-11-25" }],
  // Repeats.
  ["Standup every day", { title: "Standup", recurrence: "FREQ=DAILY" }],
  ["Standup daily", { title: "Standup", recurrence: "FREQ=DAILY" }],
  ["Review weekly", { title: "Review", recurrence: "FREQ=WEEKLY" }],
  ["Invoices monthly", { title: "Invoices", recurrence: "FREQ=MONTHLY" }],
  ["Standup every weekday 9am", { title: "Standup", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", scheduledStartTime: "09:00" }],
  ["Gym every monday and thursday 7am", { title: "Gym", recurrence: "FREQ=WEEKLY;BYDAY=MO,TH", scheduledStartTime: "07:00" }],
  ["Gym every mon, wed, fri", { title: "Gym", recurrence: "FREQ=WEEKLY;BYDAY=MO,WE,FR" }],
  ["Gym every friday & monday", { title: "Gym", recurrence: "FREQ=WEEKLY;BYDAY=MO,FR" }],
  ["Hike every sat", { title: "Hike", recurrence: "FREQ=WEEKLY;BYDAY=SA" }],
  ["Review every week", { title: "Review", recurrence: "FREQ=WEEKLY" }],
  ["Review every 2 weeks", { title: "Review", recurrence: "FREQ=WEEKLY;INTERVAL=2" }],
  ["Water plants every 3 days", { title: "Water plants", recurrence: "FREQ=DAILY;INTERVAL=3" }],
  ["Pay rent every month on the 1st", { title: "Pay rent", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" }],
  ["Pay rent every month", { title: "Pay rent", recurrence: "FREQ=MONTHLY" }],
  ["Pay rent every month on the 32nd", { title: "Pay rent on the 32nd", recurrence: "FREQ=MONTHLY" }],
  ["Run every day tomorrow", { title: "Run", recurrence: "FREQ=DAILY", date: "2026-11-25" }],
  ["Every time counts", { title: "Every time counts" }],
  ["Read every word", { title: "Read every word" }],
  ['Plan "every day" talk', { title: 'Plan "every day" talk' }],
  ["Run every day daily", { title: "Run daily", recurrence: "FREQ=DAILY" }], // the first repeat wins
  // A repeat word that starts the title is the title's (issue 56).
  ["Weekly review 30m", { title: "Weekly review", estimatedDuration: 30 }],
  ["Daily standup", { title: "Daily standup" }],
  ["Monthly report tomorrow", { title: "Monthly report", date: "2026-11-25" }],
  ["Every monday standup", { title: "Every monday standup" }],
  ["tomorrow 9am Daily standup", { title: "Daily standup", date: "2026-11-25", scheduledStartTime: "09:00" }],
  ["Daily standup daily", { title: "Daily standup", recurrence: "FREQ=DAILY" }],
  ["Weekly review every friday 4pm", { title: "Weekly review", recurrence: "FREQ=WEEKLY;BYDAY=FR", scheduledStartTime: "16:00" }],
  ["every day", { title: "", recurrence: "FREQ=DAILY" }], // an import's repeat column
  // All together, in any order.
  [
    "#learn 20m tmrw 7:15 Flashcards",
    { title: "Flashcards", estimatedDuration: 20, date: "2026-11-25", scheduledStartTime: "07:15", goal: "g-spanish" },
  ],
  [
    "tomorrow at 8am Gym 1h #get-fit",
    { title: "Gym", estimatedDuration: 60, date: "2026-11-25", scheduledStartTime: "08:00", goal: "g-fit" },
  ],
];

describe("parseQuickAdd", () => {
  it("has the table of at least 60 cases the issue asks for", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)("%s", (input, expected) => {
    const result = parseQuickAdd(input, { today: TODAY, goals: GOALS });
    expect({
      title: result.title,
      estimatedDuration: result.estimatedDuration,
      date: result.date,
      scheduledStartTime: result.scheduledStartTime,
      goal: result.goal?.id ?? null,
      recurrence: result.recurrence,
    }).toEqual({
      recurrence: null,
      estimatedDuration: null,
      date: undefined,
      scheduledStartTime: null,
      goal: null,
      ...expected,
    });
  });

  it("lists what it understood, in the order written, with the words that said it", () => {
    const result = parseQuickAdd("Write the report 45 min on friday at 9am #Launch", { today: TODAY, goals: GOALS });
    expect(result.understood).toEqual([
      { part: "estimate", text: "45 min", at: 3 },
      { part: "day", text: "on friday", at: 5 },
      { part: "time", text: "at 9am", at: 7 },
      { part: "goal", text: "#Launch", at: 9 },
    ]);
  });

  it("keeps in the title a phrase the person took back, and reads the rest", () => {
    const line = "Pay rent tomorrow 9am";
    expect(parseQuickAdd(line, { today: TODAY, goals: GOALS }, [{ at: 2, text: "tomorrow" }])).toMatchObject({
      title: "Pay rent tomorrow",
      date: undefined,
      scheduledStartTime: "09:00",
      understood: [{ part: "time", text: "9am", at: 3 }],
    });
    // Once the words there change, what was taken back no longer applies.
    expect(parseQuickAdd("Pay rent today 9am", { today: TODAY, goals: GOALS }, [{ at: 2, text: "tomorrow" }]).date).toBe(TODAY);
  });

  describe.each(Object.entries(QUICK_ADD_GRAMMAR))("the grammar table's %s row", (_name, row) => {
    it.each(row.examples)("%s", (example) => {
      const read = (line: string) => parseQuickAdd(line, { today: TODAY, goals: GOALS }).understood;
      const readAfterTitle = read(`Pay rent ${example}`);
      if (row.where === "anywhere" || row.where === "after-title-start") {
        expect(readAfterTitle).toEqual([{ part: row.part, text: example, at: 2 }]);
      } else {
        expect(readAfterTitle).toEqual([]);
      }
      if (row.where === "after-title-start") expect(read(`${example} notes`)).toEqual([]);
      if (row.where !== "never") expect(read(example)).toEqual([{ part: row.part, text: example, at: 0 }]);
    });
  });

  it.each([
    ["Deep work 600m", "estimate", "600m", "over 8 h: at most 480 min"],
    ["Deep work 9 hours", "estimate", "9 hours", "over 8 h: at most 480 min"],
    ["Stretch 3m", "estimate", "3m", "under 5 min: at least 5 min"],
    ["Email 2.5m", "estimate", "2.5m", "whole minutes only"],
    ["Deep work 1h75", "estimate", "1h75", "minutes of an hour run to 59"],
    ["Review at 25:00", "time", "at 25:00", "no such time"],
    ["Review 13pm", "time", "13pm", "no such time"],
    ["Pay rent 2027-02-30", "day", "2027-02-30", "no such day"],
    ["Pay rent on feb 30", "day", "on feb 30", "no such day"],
  ] as const)("keeps %s in the title and says what it could not use", (input, part, text, reason) => {
    const result = parseQuickAdd(input, { today: TODAY, goals: GOALS });
    expect(result.title).toBe(input);
    expect(result.unused).toEqual([{ part, text, reason }]);
    expect(result.understood).toEqual([]);
  });

  it("uses a later part of the same kind after one it could not use, and lists nothing for plain words", () => {
    const result = parseQuickAdd("Deep work 600m 2h", { today: TODAY, goals: GOALS });
    expect(result).toMatchObject({ title: "Deep work 600m", estimatedDuration: 120, unused: [{ part: "estimate", text: "600m" }] });
    expect(parseQuickAdd("Read 2 chapters at 6 in may", { today: TODAY, goals: GOALS }).unused).toEqual([]);
  });

  it("starts a series with no day written on its first day from the board's day", () => {
    const input = (line: string) => quickAddTaskInput(parseQuickAdd(line, { today: TODAY, goals: GOALS }), TODAY);
    expect(input("Gym every monday and thursday 7am")).toEqual({
      title: "Gym",
      date: "2026-11-26",
      recurrence: "FREQ=WEEKLY;BYDAY=MO,TH",
      scheduledStartTime: "07:00",
    });
    expect(input("Pay rent every month on the 1st")).toMatchObject({ date: "2026-12-01" });
    expect(input("Standup every weekday")).toMatchObject({ date: TODAY });
    expect(input("Standup daily")).toMatchObject({ date: TODAY });
    expect(input("Gym every monday tomorrow")).toMatchObject({ date: "2026-11-25" });
    expect(input("Write the report")).not.toHaveProperty("recurrence");
  });

  it.each([
    "FREQ=WEEKLY;BYDAY=TU,TH",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH",
    "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO;COUNT=4",
    "FREQ=DAILY;INTERVAL=3",
    "FREQ=MONTHLY;BYMONTHDAY=1",
    "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1",
    "FREQ=MONTHLY;BYMONTHDAY=27",
  ])("finds the first day of %s as the server's rule does, from any weekday", (rule) => {
    for (let offset = 0; offset < 7; offset += 1) {
      const from = addDays("2026-11-27", offset);
      expect(firstRepeatDay(rule, from)).toBe(nextOccurrence(rule, from, addDays(from, -1)));
    }
  });

  it("resolves day words from the today it is given (the user's, in their zone)", () => {
    // Late on Sunday in Auckland is still Saturday in London: the caller passes each user's today.
    expect(parseQuickAdd("Call tomorrow", { today: "2026-11-29", goals: [] }).date).toBe("2026-11-30");
    expect(parseQuickAdd("Call tomorrow", { today: "2026-11-28", goals: [] }).date).toBe("2026-11-29");
    expect(parseQuickAdd("Call tomorrow", { today: "2026-12-31", goals: [] }).date).toBe("2027-01-01");
    expect(parseQuickAdd("Call monday", { today: "2026-11-29", goals: [] }).date).toBe("2026-11-30");
    // On a Sunday, next week starts tomorrow.
    expect(parseQuickAdd("Call next mon", { today: "2026-11-29", goals: [] }).date).toBe("2026-11-30");
  });
});
