import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "./use-debounced-value.ts";

/**
 * A search box's text, kept in the address as ?q= once typing pauses; a new search starts at the first page
 * (?page= goes). `q` is the search the address holds now; the box starts from it.
 */
export function useUrlSearch(q: string): [string, (typed: string) => void] {
  const [, setParams] = useSearchParams();
  const [typed, setTyped] = useState(q);
  const search = useDebouncedValue(typed, 300).trim();
  useEffect(() => {
    if (search === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (search) next.set("q", search);
        else next.delete("q");
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  }, [search, q, setParams]);
  return [typed, setTyped];
}
