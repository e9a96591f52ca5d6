export const EXPORT_JSON_PATH = "/api/export";
export const EXPORT_CSV_PATH = "/api/export/tasks.csv";
