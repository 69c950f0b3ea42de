import { M, type TMentionSuggestion } from "@plugs/domain";
import { BadgeCheck } from "lucide-react";
import { type ComponentProps, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { MemberName } from "../../../components/member-name.tsx";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { useMentionSuggestions } from "../queries.ts";

/** The '@fragment' being typed at the caret: '@' at the start or after whitespace, no whitespace after it. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([\w.-]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? "";
  return { start: caret - query.length - 1, query };
}

const nameOf = (s: TMentionSuggestion) => (s.type === "user" ? s.username : s.handle);

type TProps = Omit<ComponentProps<"textarea">, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmitShortcut?: () => void;
};

/**
 * A textarea that suggests users and KOLs while an @mention is typed (spec: a 256 px dropdown, at most 15rem tall).
 * Up and Down move, Enter or Tab picks, Escape or a click elsewhere closes.
 */
export function MentionTextarea({
  value,
  onChange,
  onSubmitShortcut,
  className,
  onKeyDown,
  onBlur,
  ...props
}: TProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once a picked mention's text is in the textarea. */
  const caretAfterPick = useRef<number | null>(null);
  const listId = useId();
  const [fragment, setFragment] = useState<{ start: number; query: string } | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const open = fragment !== null && fragment.start !== dismissedAt;
  const suggestions = useMentionSuggestions(open ? fragment.query : null);
  const items = open ? (suggestions.data ?? []) : [];

  const track = (text: string, caret: number) => {
    const next = mentionAt(text, caret);
    setFragment(next);
    if (next?.start !== fragment?.start || next?.query !== fragment?.query) setActive(0);
    if (next === null || next.start !== dismissedAt) setDismissedAt(null);
  };

  const pick = (suggestion: TMentionSuggestion) => {
    const el = ref.current;
    if (!el || !fragment) return;
    const caret = el.selectionStart ?? value.length;
    const inserted = `@${nameOf(suggestion)} `;
    const next = value.slice(0, fragment.start) + inserted + value.slice(caret);
    onChange(next);
    setFragment(null);
    caretAfterPick.current = fragment.start + inserted.length;
  };

  // Right after the picked mention is rendered, before the browser handles another key: placed any later (a frame
  // later, say), the caret would jump back over what was typed meanwhile.
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    const el = ref.current;
    if (at === null || !el) return;
    caretAfterPick.current = null;
    el.focus();
    el.setSelectionRange(at, at);
  });

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === "Escape") {
        // Closes the dropdown only, not a dialog around the textarea.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(fragment.start);
        return;
      }
      if (items.length > 0) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          const step = event.key === "ArrowDown" ? 1 : -1;
          setActive((i) => (i + step + items.length) % items.length);
          return;
        }
        if (event.key === "Enter" || event.key === "Tab") {
          const chosen = items[Math.min(active, items.length - 1)];
          if (chosen) {
            event.preventDefault();
            pick(chosen);
            return;
          }
        }
      }
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && onSubmitShortcut) {
      event.preventDefault();
      onSubmitShortcut();
      return;
    }
    onKeyDown?.(event);
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  const loading = open && suggestions.isFetching && !suggestions.data;

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && items.length > 0 ? optionId(active) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target.value, event.target.selectionStart ?? event.target.value.length);
        }}
        onSelect={(event) => {
          const el = event.currentTarget;
          track(el.value, el.selectionStart ?? el.value.length);
        }}
        onKeyDown={keyDown}
        onBlur={(event) => {
          setFragment(null);
          onBlur?.(event);
        }}
        className={className}
        {...props}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention suggestions"
          className="absolute top-full left-0 z-40 mt-1 max-h-60 w-64 overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-panel"
        >
          {loading ? (
            <p className="px-3 py-2 text-sm text-muted">{M.mentions.loading}</p>
          ) : items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted">{M.mentions.none}</p>
          ) : (
            items.map((s, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea (the combobox) handles the keys
              <div
                key={`${s.type}-${s.id}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                // Keeps the focus (and the caret) in the textarea while the mouse picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(s)}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  "flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm",
                  i === active && "bg-surface-2",
                )}
              >
                <Avatar src={s.avatarUrl} name={nameOf(s)} className="size-7" />
                <MemberName
                  username={nameOf(s)}
                  displayName={s.type === "user" ? s.displayName : null}
                  className="flex-1 font-medium"
                />
                {s.isVerified ? <BadgeCheck className="size-4 text-accent" aria-label="Verified" /> : null}
                <span className="text-xs text-muted">{s.type === "kol" ? "KOL" : "User"}</span>
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
