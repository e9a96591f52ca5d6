import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LOADING_SCREEN_HTML } from "../../../shared/loading-screen-html.ts";
import { LoadingScreen } from "./loading-screen.tsx";

describe("LoadingScreen", () => {
  it("is what the server paints from the HTML, so the app's first render changes nothing on screen", () => {
    expect(renderToStaticMarkup(<LoadingScreen />)).toBe(LOADING_SCREEN_HTML);
  });
});
