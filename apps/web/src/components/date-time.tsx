import { useFormatDate } from "../lib/format.ts";

/**
 * A `<time>` in the product's date format, for components the server may render first: only this element
 * re-renders when hydration switches from the server's UTC to the viewer's clock (see useFormatDate).
 */
export function DateTime({ value, className }: { value: string; className?: string }) {
  const formatDate = useFormatDate();
  return (
    <time dateTime={value} className={className}>
      {formatDate(value)}
    </time>
  );
}
