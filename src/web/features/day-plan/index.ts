export { PLAN_MY_DAY_LABEL, PlanMyDayButton, usePlanMyDay } from "./components/plan-my-day.tsx";
export { WORKING_HOURS_SAVED, WorkingHoursPanel } from "./components/working-hours-panel.tsx";
