// The listener itself loads after the first paint (decision 038).
export { LiveUpdates } from "./components/live-updates.tsx";
