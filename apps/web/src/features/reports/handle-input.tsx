import { type ComponentProps, useId, useState } from "react";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Input } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useKolList } from "../kols/queries.ts";
import { VerdictPill } from "../kols/verdict.tsx";

type TProps = Omit<ComponentProps<"input">, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * The KOL handle field with suggestions as you type (GET /api/kols?search=, 5 at most): arrow keys move through
 * them, Enter picks one, Escape closes the list. Any handle may be typed; an unknown one adds the KOL on report.
 */
export function HandleInput({ value, onChange, onBlur, className, ...props }: TProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const fragment = useDebouncedValue(value.trim().replace(/^@/, ""), 200);
  const suggestions = useKolList(
    { list: "all", search: fragment, sort: "name", pageSize: 5 },
    { enabled: open && /^\w{1,15}$/.test(fragment) },
  );
  const items = open && fragment && suggestions.data ? suggestions.data.items : [];
  const exact = items.some((k) => k.handle.toLowerCase() === fragment.toLowerCase());
  const pick = (handle: string) => {
    onChange(handle);
    setOpen(false);
    setActive(-1);
  };
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted">
        @
      </span>
      <Input
        {...props}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value.replace(/^@/, "")}
        className={cn("pl-7", className)}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          // Let a click on a suggestion land before the list closes.
          setTimeout(() => setOpen(false), 150);
          onBlur?.(e);
        }}
        onKeyDown={(e) => {
          if (items.length === 0) return;
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((i) => (i + 1) % items.length);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
          } else if (e.key === "Enter" && active >= 0) {
            e.preventDefault();
            const kol = items[active];
            if (kol) pick(kol.handle);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      {items.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Matching KOLs"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 animate-pop-in overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-panel"
        >
          {items.map((kol, i) => (
            <div
              key={kol.id}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(kol.handle)}
              onKeyDown={(e) => {
                if (e.key === "Enter") pick(kol.handle);
              }}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm",
                i === active ? "bg-surface-2" : "hover:bg-surface-2",
              )}
            >
              <Avatar src={kol.avatarUrl} name={kol.name || kol.handle} className="size-7" />
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">@{kol.handle}</span>{" "}
                <span className="text-muted">{kol.name !== kol.handle ? kol.name : ""}</span>
              </span>
              <VerdictPill verdict={kol.verdict} />
            </div>
          ))}
          {!exact ? (
            <p className="px-2 py-1.5 text-xs text-muted" aria-hidden>
              Not listed? Keep typing: reporting @{fragment} adds them.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
