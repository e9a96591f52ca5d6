export { PLAN_MY_DAY_LABEL, PlanMyDayButton, usePlanMyDay } from "./components/plan-my-day.tsx";
