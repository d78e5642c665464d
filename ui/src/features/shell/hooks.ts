import { useEffect, useState } from "react";

/** The mobile breakpoint is 600 px. */
export const MOBILE_BREAKPOINT_PX = 600;

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const mq = matchMedia(query);
    const on = () => setMatches(mq.matches);
    on();
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, [query]);
  return matches;
}

export const useIsWide = () => useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);

/** A value that follows `value` after `ms` of quiet (search boxes: 500 ms). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** List pages search 500 ms after the last keystroke. */
export const LIST_SEARCH_DEBOUNCE_MS = 500;

/** A list page's search box: what is typed, and the trimmed term its query follows once typing pauses. */
export function useListSearch() {
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  return { search, setSearch, debounced };
}
