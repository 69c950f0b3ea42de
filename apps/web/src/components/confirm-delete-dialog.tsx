import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog.tsx";

/** "Delete this ...?" with Cancel and Delete; it stays open, and Delete busy, while the delete runs. */
export function ConfirmDeleteDialog({
  title,
  description,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" busy={pending} busyLabel="Deleting..." onClick={onConfirm}>
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
