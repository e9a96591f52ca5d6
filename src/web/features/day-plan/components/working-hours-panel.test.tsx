import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render.tsx";
import { WorkingHoursPanel } from "./working-hours-panel.tsx";

const user = {
  id: "u1",
  name: "Ada",
  email: "ada@example.com",
  avatarUrl: null,
  timeZone: "UTC",
  workdayStart: "09:00",
  workdayEnd: "17:00",
};

afterEach(() => vi.unstubAllGlobals());

describe("WorkingHoursPanel", () => {
  it("saves new hours, and refuses an end that is not after the start", async () => {
    const sent: unknown[] = [];
    const stored = { ...user };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "PATCH") {
          const body = JSON.parse(String(init.body)) as Record<string, string>;
          sent.push(body);
          Object.assign(stored, body);
        }
        return new Response(JSON.stringify(stored), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    renderWithApp(<WorkingHoursPanel />);
    const save = screen.getByRole("button", { name: "Save working hours" });
    expect(save).toBeDisabled();
    const end = screen.getByLabelText("End");
    await userEvent.clear(end);
    await userEvent.type(end, "08:00");
    expect(await screen.findByRole("alert")).toHaveTextContent("The end must be after the start.");
    expect(save).toBeDisabled();
    await userEvent.clear(end);
    await userEvent.type(end, "18:30");
    await userEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ workdayStart: "09:00", workdayEnd: "18:30" }]));
    // Saved: the form shows the saved hours, with nothing left to save.
    await waitFor(() => expect(save).toBeDisabled());
    expect(end).toHaveValue("18:30");
  });
});
