import { BLOG_LIMITS } from "@plugs/domain";
import { X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { fieldClasses } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * Tags as chips with a text box: Enter or a comma adds what was typed (once, whatever its case), Backspace in the
 * empty box takes the last one back, and each chip has its remove button. The shared schema checks each tag.
 */
export function TagInput({
  value,
  onChange,
  id,
  ...aria
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const [typed, setTyped] = useState("");
  const add = (text: string) => {
    const tag = text.trim().replace(/\s+/g, " ");
    setTyped("");
    if (!tag || value.some((t) => t.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(typed);
    } else if (event.key === "Backspace" && typed === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={cn(fieldClasses, "flex min-h-10 flex-wrap items-center gap-1.5 py-1.5")}>
      {value.map((tag) => (
        <span
          key={tag}
          className="inline-flex items-center gap-1 rounded-md bg-surface-2 py-0.5 pr-1 pl-2 text-xs font-medium"
        >
          {tag}
          <button
            type="button"
            onClick={() => onChange(value.filter((t) => t !== tag))}
            className="cursor-pointer rounded text-muted hover:text-foreground"
            aria-label={`Remove tag ${tag}`}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </span>
      ))}
      <input
        id={id}
        {...aria}
        value={typed}
        onChange={(e) => {
          const text = e.target.value;
          if (text.endsWith(",")) add(text.slice(0, -1));
          else setTyped(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(typed)}
        maxLength={BLOG_LIMITS.tagMax + 10}
        placeholder={value.length === 0 ? "scams, wallets, guides" : ""}
        className="min-w-24 flex-1 bg-transparent text-sm outline-none placeholder:text-muted"
      />
    </div>
  );
}
