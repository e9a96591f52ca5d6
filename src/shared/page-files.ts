// Listed, not imported, so that the web app can fetch and compile them when idle without running them (decision 013).

export const PAGE_FILES_ELEMENT_ID = "daywise-page-files";

export type PageFiles = Record<string, string[]>;
