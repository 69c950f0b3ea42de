import { M, type TGif } from "@plugs/domain";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { Dialog, DialogContent, DialogTitle } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useGifs } from "../queries.ts";

const SEARCH_DEBOUNCE_MS = 500;
const FOCUS_DELAY_MS = 100;

/** The dialog's inside: it is unmounted on close, so closing clears the search (spec). */
function GifBrowser({ onPick }: { onPick: (gif: TGif) => void }) {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const gifs = useGifs(query);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    const timer = window.setTimeout(() => inputRef.current?.focus(), FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <div className="relative mt-4">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          ref={inputRef}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Search GIFs"
          aria-label="Search GIFs"
          className="pl-9"
        />
      </div>
      <div className="mt-3 h-[min(24rem,55dvh)] overflow-y-auto rounded-xl">
        {gifs.isPending ? (
          <div className="flex h-full items-center justify-center text-accent">
            <Spinner className="size-7" label="Loading GIFs" />
          </div>
        ) : gifs.isError ? (
          <div className="flex h-full items-center justify-center">
            <LoadError
              look="plain"
              title={M.gifs.loadFailed}
              retryLabel="Try Again"
              onRetry={() => void gifs.refetch()}
              busy={gifs.isFetching}
            />
          </div>
        ) : gifs.data.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center text-center">
            <p className="font-semibold">{M.gifs.noneFound}</p>
            <p className="mt-1 text-sm text-muted">{M.gifs.tryDifferent}</p>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {gifs.data.map((gif) => (
              <li key={gif.id}>
                <button
                  type="button"
                  onClick={() => onPick(gif)}
                  className="block aspect-square w-full cursor-pointer overflow-hidden rounded-lg bg-surface-2 hover:ring-2 hover:ring-accent"
                  aria-label={gif.title || "GIF"}
                >
                  <img src={gif.preview} alt="" loading="lazy" className="size-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-3 text-right text-xs text-muted">Powered by GIPHY</p>
    </>
  );
}

/** 'Select a GIF': trending on open, search 500 ms after typing stops. */
export function GifPickerDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (gif: TGif) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="max-w-2xl">
        <DialogTitle>{M.gifs.dialogTitle}</DialogTitle>
        {open ? (
          <GifBrowser
            onPick={(gif) => {
              onPick(gif);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
