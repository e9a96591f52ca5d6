// Apart from tasks.ts's zod schemas so that the quick-add parser on the first paint does not bring the schema library along (decision 013).
export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 5000;
export const ESTIMATED_DURATION_MIN_MINUTES = 5;
export const ESTIMATED_DURATION_MAX_MINUTES = 480;

// What a new task has where no one said otherwise (spec sections 4 and 5), however it is added.
export const NEW_TASK_STATUS = "todo";
export const NEW_TASK_ESTIMATE_MINUTES = 30;

export const CHECKLIST_ITEM_TITLE_MAX_LENGTH = 200;
export const CHECKLIST_MAX_ITEMS = 50;
