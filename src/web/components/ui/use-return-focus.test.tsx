import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useReturnFocus } from "./use-return-focus.ts";

function page() {
  document.body.innerHTML = `
    <main tabindex="-1"><button id="opener">Open</button></main>
    <div role="dialog" id="closing"><button id="inside">In the closing dialog</button></div>
    <div role="dialog" id="panel"><button id="in-panel">In another panel</button></div>`;
  const byId = (id: string) => document.getElementById(id)!;
  return {
    main: document.querySelector("main")!,
    opener: byId("opener"),
    closing: byId("closing"),
    inside: byId("inside"),
    inPanel: byId("in-panel"),
  };
}

function closeEvent(target: Element) {
  const event = new Event("focusScope.autoFocusOnUnmount", { cancelable: true });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("useReturnFocus", () => {
  it("returns focus to the opener, or to <main> when the opener has left the page", () => {
    const { main, opener, closing, inside } = page();
    const { result } = renderHook(() => useReturnFocus({}));
    opener.focus();
    result.current.onOpenAutoFocus(new Event("open"));
    inside.focus();
    result.current.onCloseAutoFocus(closeEvent(closing));
    expect(document.activeElement).toBe(opener);

    opener.focus();
    result.current.onOpenAutoFocus(new Event("open"));
    opener.remove();
    inside.focus();
    const event = closeEvent(closing);
    result.current.onCloseAutoFocus(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(main);
  });

  it("leaves focus in a dialog or panel that opened as this one closed", () => {
    const { opener, closing, inPanel } = page();
    const { result } = renderHook(() => useReturnFocus({}));
    opener.focus();
    result.current.onOpenAutoFocus(new Event("open"));
    inPanel.focus();
    const event = closeEvent(closing);
    result.current.onCloseAutoFocus(event);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(inPanel);
  });
});
