import { Download, FileSpreadsheet, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useOnline } from "../../../lib/online.ts";
import { EXPORT_CSV_PATH, EXPORT_JSON_PATH } from "../lib/export-paths.ts";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

/** Beside the Analytics tab's privacy text: everything out, and the account gone. */
export function DataControlActions() {
  const [isDeleting, setIsDeleting] = useState(false);
  const isOnline = useOnline();
  const offlineId = useId();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={EXPORT_JSON_PATH} download>
            <Download aria-hidden="true" />
            Export my data
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={EXPORT_CSV_PATH} download>
            <FileSpreadsheet aria-hidden="true" />
            Export tasks (CSV)
          </a>
        </Button>
        <Button
          variant="destructive"
          disabled={!isOnline}
          aria-describedby={isOnline ? undefined : offlineId}
          onClick={() => setIsDeleting(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </div>
      {!isOnline && <NeedsConnection id={offlineId} />}
      <p className="text-muted-foreground">
        The export is one JSON file with your profile, every task (done ones too), goals, repeating tasks, rollover settings and summaries,
        insights and AI analytics; the CSV has your tasks for a spreadsheet.
      </p>
      <DeleteAccountDialog open={isDeleting} onOpenChange={setIsDeleting} />
    </div>
  );
}
