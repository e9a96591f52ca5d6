// The other pages' files (decision 013): a signed-in page's HTML lists, as inert JSON, the chunks
// each other page needs, so that the web app can fetch and compile them once it is idle
// (`<link rel="modulepreload">`) without evaluating them: a page's module runs when it is opened.

/** The id of the `<script type="application/json">` element: `{ [route]: ["/assets/….js", …] }`. */
export const PAGE_FILES_ELEMENT_ID = "daywise-page-files";

export type PageFiles = Record<string, string[]>;
