import { POST_LIMITS } from "@plugs/domain";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Textarea } from "../../../components/ui/input.tsx";

/**
 * Describing a picture for people who cannot see it: the picture, a text of at most 1,000 characters with its
 * count, Save or Cancel. The text is kept with the attachment until the post is sent.
 */
export function AltTextDialog({
  open,
  previewUrl,
  name,
  initial,
  onSave,
  onOpenChange,
}: {
  open: boolean;
  previewUrl: string | null;
  name: string;
  initial: string;
  onSave: (text: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState(initial);
  const fieldId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogTitle>Describe this image</DialogTitle>
        <DialogDescription>
          Alt text is read aloud by screen readers and shown when the picture cannot load.
        </DialogDescription>
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            // React events bubble through the portal: this submit must not reach the post's own form.
            event.stopPropagation();
            onSave(text);
            onOpenChange(false);
          }}
        >
          {previewUrl ? (
            <img
              src={previewUrl}
              alt=""
              className="max-h-48 w-full rounded-lg border border-border bg-surface-2 object-contain"
            />
          ) : null}
          <label htmlFor={fieldId} className="text-sm font-medium">
            Alt text for {name}
          </label>
          <Textarea
            id={fieldId}
            value={text}
            maxLength={POST_LIMITS.altTextMax}
            onChange={(event) => setText(event.target.value)}
            placeholder="e.g. A candle chart falling off a cliff after the launch"
            autoFocus
          />
          <p className="-mt-1 text-right text-xs text-muted tabular-nums">
            {text.length}/{POST_LIMITS.altTextMax}
          </p>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
