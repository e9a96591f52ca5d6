import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { WrapUpDialogProps } from "./wrap-up-dialog.tsx";

/** End Day's wrap-up, loaded on first open or when the page is idle (decision 013). */
export const WrapUpDialog = lazyDialog<WrapUpDialogProps>(
  () => import("./wrap-up-dialog.tsx").then((module) => module.WrapUpDialog),
  (props) => props.open,
);
