import { useCallback, useState } from "react";

function read(key: string, fallback: boolean | (() => boolean)): boolean {
  const fallbackValue = () => (typeof fallback === "function" ? fallback() : fallback);
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? fallbackValue() : stored === "true";
  } catch {
    return fallbackValue();
  }
}

export function useStoredBoolean(key: string, fallback: boolean | (() => boolean)): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // Only this page remembers it then.
      }
    },
    [key],
  );
  return [value, update];
}
