import { useEffect } from "react";

const PRODUCT_NAME = "Daywise";

/** Sets the tab title to "{title} · Daywise" (screen readers announce it on navigation). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
