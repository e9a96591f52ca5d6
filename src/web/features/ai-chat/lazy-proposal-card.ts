// The assistant's proposal card for other pages ('Plan my day'), loaded when one is shown.
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export const LazyProposalCard = lazyWithPreload(() => import("./components/proposal-card.tsx").then((module) => module.ProposalCard));
