import type { TGif } from "@plugs/domain";
import { Sticker } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useGifStatus } from "../queries.ts";
import { GifPickerDialog } from "./gif-picker-dialog.tsx";

/**
 * The GIF button of the post composer and the comment form, with its picker: only when the site has GIPHY set up
 * (nothing is offered that the server cannot do, and nothing shows until it has said so).
 */
export function GifButton({ disabled, onPick }: { disabled: boolean; onPick: (gif: TGif) => void }) {
  const [open, setOpen] = useState(false);
  const status = useGifStatus();
  if (status.data?.configured !== true) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        disabled={disabled}
        aria-label="Add a GIF"
        onClick={() => setOpen(true)}
      >
        <Sticker aria-hidden /> GIF
      </Button>
      <GifPickerDialog open={open} onOpenChange={setOpen} onPick={onPick} />
    </>
  );
}
