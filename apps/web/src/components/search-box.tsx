import { Search } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { Input } from "./ui/input.tsx";

/** A list's search input with the magnifier inside it; `label` names it for screen readers. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** Its width in the caller's row. */
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
        maxLength={maxLength}
      />
    </div>
  );
}
