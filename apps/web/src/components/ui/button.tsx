import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { Spinner } from "./spinner.tsx";

const VARIANTS = {
  primary: "bg-accent text-accent-foreground hover:bg-accent-hover shadow-sm",
  secondary: "border border-border bg-surface text-foreground hover:bg-surface-2 hover:border-border-strong",
  ghost: "text-foreground hover:bg-surface-2",
  danger: "bg-rug text-rug-foreground hover:opacity-90",
} as const;

const SIZES = {
  sm: "h-8 gap-1.5 rounded-lg px-3 text-sm [&_svg]:size-4",
  md: "h-10 gap-2 rounded-lg px-4 text-sm [&_svg]:size-4",
  lg: "h-12 gap-2 rounded-xl px-6 text-base [&_svg]:size-5",
  icon: "size-10 rounded-lg [&_svg]:size-5",
} as const;

export type TButtonVariant = keyof typeof VARIANTS;
export type TButtonSize = keyof typeof SIZES;

/** The classes of a button, for the rare element that cannot be a <Button> (or use `asChild`). */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: TButtonVariant;
  size?: TButtonSize;
  className?: string;
} = {}) {
  return cn(
    "inline-flex shrink-0 cursor-pointer select-none items-center justify-center whitespace-nowrap font-semibold transition-colors",
    "disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-wait",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

type TButtonProps = ComponentProps<"button"> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /** Renders the child element (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
  /** Shows a spinner and `busyLabel`, and disables the button, while work is under way. */
  busy?: boolean;
  /** What the button says while busy, e.g. "Creating Account...". */
  busyLabel?: string;
};

export function Button({
  variant,
  size,
  asChild = false,
  busy = false,
  busyLabel,
  className,
  disabled,
  children,
  type,
  ...props
}: TButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? "button"}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
