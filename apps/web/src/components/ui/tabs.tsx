import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useContext,
  useEffect,
  useId,
  useState,
} from "react";
import { cn } from "../../lib/cn.ts";

// Our own tabs (the WAI-ARIA tabs pattern) rather than Radix's: the feed draws them on first paint, and Radix's
// collection and roving-focus code would weigh on that page's first load.

type TTabsContext = {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Whether a TabsContent panel is drawn: tabs that only filter a list (no panel) control nothing. */
  hasPanel: boolean;
  setHasPanel: (has: boolean) => void;
};
const TabsContext = createContext<TTabsContext | null>(null);

function useTabs(): TTabsContext {
  const context = useContext(TabsContext);
  if (!context) throw new Error("TabsList, TabsTrigger and TabsContent go inside Tabs");
  return context;
}

const triggerId = (id: string, value: string) => `${id}-trigger-${value}`;
const contentId = (id: string, value: string) => `${id}-content-${value}`;

/** Tabs with a controlled `value`: arrow keys, Home and End move between triggers and select; the list is one tab stop. */
export function Tabs({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "onChange"> & { value: string; onValueChange: (value: string) => void }) {
  const id = useId();
  const [hasPanel, setHasPanel] = useState(false);
  return (
    <TabsContext value={{ id, value, onValueChange, hasPanel, setHasPanel }}>
      <div {...props} />
    </TabsContext>
  );
}

/** Moves focus (and so the selection) to the next, previous, first or last enabled trigger of the list. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowRight: 1, ArrowLeft: -1, Home: "first", End: "last" }[event.key];
  if (step === undefined) return;
  const triggers = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const current = triggers.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    step === "first"
      ? 0
      : step === "last"
        ? triggers.length - 1
        : (current + (step as number) + triggers.length) % triggers.length;
  event.preventDefault();
  triggers[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        "inline-flex items-center gap-1 rounded-xl border border-border bg-surface p-1",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.id, value)}
      aria-selected={active}
      aria-controls={tabs.hasPanel ? contentId(tabs.id, value) : undefined}
      tabIndex={active ? 0 : -1}
      data-state={active ? "active" : "inactive"}
      className={cn(
        "inline-flex h-8 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted transition-colors sm:px-3",
        "hover:text-foreground data-[state=active]:bg-surface-2 data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        "disabled:pointer-events-none disabled:opacity-50",
        className,
      )}
      onClick={() => tabs.onValueChange(value)}
      // Focus selects (automatic activation), as arrow keys move focus.
      onFocus={() => (active ? null : tabs.onValueChange(value))}
      {...props}
    />
  );
}

/** The panel of the selected tab; the others are not drawn. */
export function TabsContent({ className, value, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  const { setHasPanel } = tabs;
  useEffect(() => {
    if (!active) return;
    setHasPanel(true);
    return () => setHasPanel(false);
  }, [active, setHasPanel]);
  if (!active) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.id, value)}
      aria-labelledby={triggerId(tabs.id, value)}
      data-state="active"
      className={cn("mt-4", className)}
      {...props}
    />
  );
}
