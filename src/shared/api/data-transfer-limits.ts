// The import's formats and limits without zod, for the web app (decision 013).
export const IMPORT_FORMATS = ["daywise-json", "todoist-csv", "ticktick-csv", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  "daywise-json": "Daywise export (JSON)",
  "todoist-csv": "Todoist CSV",
  "ticktick-csv": "TickTick backup CSV",
  csv: "CSV (title, description, date, start time, estimate, status, goal)",
};

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_TOO_LARGE_MESSAGE = "The file is larger than the 10 MB import limit: split it into smaller files";
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_MAX_SKIPPED_LISTED = 1000;

/** The format a file's first lines say it is in, or undefined (the user picks). */
export function guessImportFormat(text: string): ImportFormat | undefined {
  const head = text.replace(/^\uFEFF/, "").slice(0, 4096);
  if (/^\s*\{/.test(head)) return "daywise-json";
  if (/"Folder Name","List Name","Title"/.test(head)) return "ticktick-csv";
  const firstLine = (head.split(/\r?\n/)[0] ?? "").toUpperCase();
  if (/(^|,)"?TYPE"?,"?CONTENT"?/.test(firstLine)) return "todoist-csv";
  if (/(^|,)"?TITLE"?(,|$)/.test(firstLine)) return "csv";
  return undefined;
}
