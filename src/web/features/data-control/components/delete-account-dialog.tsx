import { Download } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { useUser } from "../../session/index.ts";
import { useDeleteAccount } from "../api/delete-account.ts";
import { EXPORT_JSON_PATH } from "../lib/export-paths.ts";

const LOST = [
  "every task, done or not, with its tracked time",
  "your goals and repeating tasks",
  "rollover settings and day summaries",
  "daily insights and weekly summaries",
  "AI analytics and the assistant's proposals",
  "your sign-in on every device",
];

export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data: user } = useUser();
  const [typed, setTyped] = useState("");
  const deletion = useDeleteAccount();
  const inputId = useId();
  // An account without an e-mail is confirmed by its name, as the server does.
  const expected = user?.email ?? user?.name ?? "";
  const matches = expected !== "" && typed.trim().toLowerCase() === expected.trim().toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (matches) deletion.mutate(typed);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped("");
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This cannot be undone. Everything Daywise keeps for you is deleted at once:</DialogDescription>
          </DialogHeader>
          <ul className="list-disc pl-5 text-sm">
            {LOST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Keep a copy first:
            <Button asChild variant="outline" size="sm">
              <a href={EXPORT_JSON_PATH} download>
                <Download aria-hidden="true" />
                Export my data
              </a>
            </Button>
          </p>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Type {user?.email ? "your e-mail" : "your name"} to confirm</Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={expected}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          {deletion.isError ? (
            <FormError>{getErrorMessage(deletion.error, "The account could not be deleted; try again.")}</FormError>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || deletion.isPending}>
              {deletion.isPending ? "Deleting…" : "Delete my account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
