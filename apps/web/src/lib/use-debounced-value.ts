import { useEffect, useState } from "react";

/** `value`, once it has stayed the same for `delayMs` (as-you-type calls wait for a pause in typing). */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
