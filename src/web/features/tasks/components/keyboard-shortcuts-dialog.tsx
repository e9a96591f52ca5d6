import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { BOARD_SHORTCUTS } from "../lib/board-shortcuts.ts";

export interface KeyboardShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function KeyboardShortcutsDialog({ open, onOpenChange }: KeyboardShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>On the board, when you are not typing in a field.</DialogDescription>
        </DialogHeader>
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {BOARD_SHORTCUTS.map(({ keys, does }) => (
              <tr key={does} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-4 whitespace-nowrap text-slate-600">
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? (keys.length > 2 ? ", " : " or ") : null}
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-900">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-2 text-slate-700">{does}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
