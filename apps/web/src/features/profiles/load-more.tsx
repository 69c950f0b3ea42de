import { Button } from "../../components/ui/button.tsx";

/** 'Load more' under a profile list while the server's cursor says there is more. */
export function LoadMore({ more, busy, onMore }: { more: boolean; busy: boolean; onMore: () => void }) {
  if (!more) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="secondary" onClick={onMore} busy={busy} busyLabel="Loading...">
        Load more
      </Button>
    </div>
  );
}
