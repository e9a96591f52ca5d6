import { lazyDialog } from "../../../lib/lazy-dialog.tsx";
import type { WrapUpDialogProps } from "./wrap-up-dialog.tsx";

/** Loaded on first open or when idle: the board's first paint does not need it (decision 013). */
export const WrapUpDialog = lazyDialog<WrapUpDialogProps>(
  () => import("./wrap-up-dialog.tsx").then((module) => module.WrapUpDialog),
  (props) => props.open,
);
