import { CheckCircle2, FileUp, Loader2 } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { ImportResult } from "../../../../shared/api/data-transfer.ts";
import { IMPORT_FORMAT_NAMES, IMPORT_FORMATS, type ImportFormat } from "../../../../shared/api/data-transfer-limits.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { useOnline } from "../../../lib/online.ts";
import { cn } from "../../../lib/utils.ts";
import { useImportFile } from "../api/import-file.ts";
import { type ChosenFile, readImportFile } from "../lib/read-file.ts";

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

function summary(result: ImportResult): string {
  const { tasks, goals, series, rolloverSettings, rolloverSummaries, dailyInsights, weeklySummaries, aiRecords } = result.counts;
  const parts = [
    plural(tasks, "task"),
    ...(goals ? [plural(goals, "new goal")] : []),
    ...(series ? [plural(series, "repeating task")] : []),
    // A Daywise export's history.
    ...(rolloverSettings ? ["your rollover settings"] : []),
    ...(rolloverSummaries ? [plural(rolloverSummaries, "day summary", "day summaries")] : []),
    ...(dailyInsights ? [plural(dailyInsights, "day of insights", "days of insights")] : []),
    ...(weeklySummaries ? [plural(weeklySummaries, "weekly summary", "weekly summaries")] : []),
    ...(aiRecords ? [plural(aiRecords, "AI usage record")] : []),
  ];
  return parts.join(", ");
}

/** Whether the import adds anything at all. */
const addsSomething = ({ counts }: ImportResult) =>
  counts.tasks +
    counts.goals +
    counts.rolloverSettings +
    counts.rolloverSummaries +
    counts.dailyInsights +
    counts.weeklySummaries +
    counts.aiRecords >
  0;

/** Settings' Import tab: a file, its format, the preview (a dry run), then the import itself. */
export function ImportPanel() {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [format, setFormat] = useState<ImportFormat>("csv");
  const [readError, setReadError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [sectionsAsGoals, setSectionsAsGoals] = useState(true);
  // The last preview stays on screen while the choice of duplicates is read again, so the checkbox keeps focus.
  const [result, setResult] = useState<ImportResult | null>(null);
  const preview = useImportFile();
  const run = useImportFile();
  const inputId = useId();
  const formatId = useId();
  const offlineId = useId();
  const isOnline = useOnline();

  function showPreview(chosen: ChosenFile, chosenFormat: ImportFormat, skip: boolean, keep = false, asGoals = sectionsAsGoals) {
    run.reset();
    if (!keep) setResult(null);
    preview.mutate(
      { format: chosenFormat, content: chosen.content, dryRun: true, skipDuplicates: skip, sectionsAsGoals: asGoals },
      { onSuccess: setResult, onError: () => setResult(null) },
    );
  }

  async function choose(picked: File | undefined) {
    if (!picked) return;
    setReadError(null);
    preview.reset();
    run.reset();
    setResult(null);
    try {
      const chosen = await readImportFile(picked);
      const chosenFormat = chosen.format ?? format;
      setFile(chosen);
      setFormat(chosenFormat);
      setSkipDuplicates(true);
      setSectionsAsGoals(true);
      showPreview(chosen, chosenFormat, true, false, true);
    } catch (error) {
      setFile(null);
      setReadError((error as Error).message);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    void choose(event.dataTransfer.files[0]);
  }

  const busy = preview.isPending || run.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Import</CardTitle>
        <CardDescription>
          Bring tasks from a Daywise export, Todoist, TickTick or a spreadsheet. An import only adds: nothing you already have changes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={isOnline ? drop : (event) => event.preventDefault()}
          className={cn(
            "grid cursor-pointer place-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring",
            isDragging ? "border-primary bg-secondary" : "border-input",
          )}
        >
          <FileUp aria-hidden="true" className="size-6 text-primary" />
          <span className="font-medium">{file ? file.name : "Drop a file here, or choose one"}</span>
          <span className="text-muted-foreground">CSV or JSON, up to 10 MB</span>
          <input
            id={inputId}
            type="file"
            accept=".csv,.json,.txt,text/csv,application/json"
            className="sr-only"
            aria-label="File to import"
            disabled={!isOnline}
            aria-describedby={isOnline ? undefined : offlineId}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </label>
        {isOnline ? null : <NeedsConnection id={offlineId} />}
        <div className="grid gap-2">
          <Label htmlFor={formatId}>Format</Label>
          <Select
            id={formatId}
            value={format}
            disabled={busy}
            onChange={(event) => {
              const next = event.target.value as ImportFormat;
              setFormat(next);
              if (file) showPreview(file, next, skipDuplicates);
            }}
          >
            {IMPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {IMPORT_FORMAT_NAMES[value]}
              </option>
            ))}
          </Select>
        </div>
        {readError ? <FormError>{readError}</FormError> : null}
        {preview.isError ? <FormError>{getErrorMessage(preview.error, "The file could not be read; try again.")}</FormError> : null}
        {run.isError ? <FormError>{getErrorMessage(run.error, "The import failed and nothing was added; try again.")}</FormError> : null}
        {busy ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {run.isPending ? `Importing ${result ? summary(result) : ""}…` : "Reading the file…"}
          </p>
        ) : null}
        {run.data ? (
          <p role="status" className="flex items-center gap-2 rounded-md bg-secondary/60 p-3 text-sm">
            <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
            Imported {summary(run.data)}.
            <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Open Today
            </Link>
          </p>
        ) : null}
        {result && !run.data ? (
          <ImportPreview
            result={result}
            skipDuplicates={skipDuplicates}
            onSkipDuplicates={(skip) => {
              setSkipDuplicates(skip);
              if (file) showPreview(file, format, skip, true);
            }}
            sectionsAsGoals={format === "todoist-csv" ? sectionsAsGoals : null}
            onSectionsAsGoals={(asGoals) => {
              setSectionsAsGoals(asGoals);
              if (file) showPreview(file, format, skipDuplicates, true, asGoals);
            }}
          />
        ) : null}
        {result && file && !run.data ? (
          <div>
            <Button
              disabled={busy || !addsSomething(result) || !isOnline}
              aria-describedby={isOnline ? undefined : offlineId}
              onClick={() => run.mutate({ format, content: file.content, dryRun: false, skipDuplicates, sectionsAsGoals })}
            >
              {result.counts.tasks > 0 || !addsSomething(result) ? `Import ${plural(result.counts.tasks, "task")}` : "Import"}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ImportPreview({
  result,
  skipDuplicates,
  onSkipDuplicates,
  sectionsAsGoals,
  onSectionsAsGoals,
}: {
  result: ImportResult;
  skipDuplicates: boolean;
  onSkipDuplicates: (skip: boolean) => void;
  /** Null where the format has no sections. */
  sectionsAsGoals: boolean | null;
  onSectionsAsGoals: (asGoals: boolean) => void;
}) {
  return (
    <section aria-label="Preview" className="grid gap-3 text-sm">
      <p>
        Will add {summary(result)}
        {result.counts.skipped ? `; ${plural(result.counts.skipped, "row")} skipped` : ""}.
      </p>
      {result.duplicates ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            {result.duplicates === 1 ? "1 looks like a duplicate" : `${result.duplicates.toLocaleString()} look like duplicates`} of what
            you already have.
          </span>
          <span className="flex items-center gap-2">
            <CheckboxOption label="Skip them" checked={skipDuplicates} onChange={onSkipDuplicates} />
          </span>
        </p>
      ) : null}
      {sectionsAsGoals === null ? null : (
        <p className="flex items-center gap-2">
          <CheckboxOption label="Make a goal of each section" checked={sectionsAsGoals} onChange={onSectionsAsGoals} />
        </p>
      )}
      {result.preview.length ? (
        <div
          role="region"
          aria-label="Rows to import"
          tabIndex={0}
          className="overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full text-left whitespace-nowrap">
            <caption className="sr-only">The first rows as they will be created</caption>
            <thead className="bg-secondary/60">
              <tr>
                {["Row", "Title", "Date", "Time", "Estimate", "Status", "Goal", "Repeats"].map((heading) => (
                  <th key={heading} scope="col" className="px-2 py-1 font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.preview.map((row) => (
                <tr key={row.row} className="border-t">
                  <td className="px-2 py-1 text-muted-foreground">{row.row}</td>
                  <td className="min-w-40 px-2 py-1 whitespace-normal">{row.title}</td>
                  <td className="px-2 py-1">{row.date ?? "Someday"}</td>
                  <td className="px-2 py-1">{row.scheduledStartTime ?? ""}</td>
                  <td className="px-2 py-1">{row.estimatedDuration ? `${row.estimatedDuration} min` : ""}</td>
                  <td className="px-2 py-1">{row.status}</td>
                  <td className="px-2 py-1">{row.goal ?? ""}</td>
                  <td className="px-2 py-1">{row.recurrence ? "Yes" : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.skipped.length ? (
        <div className="grid gap-1">
          <h3 className="font-medium">Skipped rows</h3>
          <ul aria-label="Skipped rows" className="grid gap-1">
            {result.skipped.map((skip) => (
              <li key={`${skip.section ?? ""}-${skip.row}-${skip.reason}`}>
                {skip.section ? `${skip.section}, row ${skip.row}` : `Row ${skip.row}`}: {skip.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function CheckboxOption({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
    </>
  );
}
