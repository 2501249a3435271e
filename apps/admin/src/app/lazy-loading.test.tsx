import { act, screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { renderApp } from "../test/render";

// Hold the translations screen's module until the test lets it load.
const load = vi.hoisted(() => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
});
vi.mock("./routes/settings/translations", async (importOriginal) => {
  await load.gate;
  return importOriginal();
});

it("shows the screen skeleton while a lazy screen's code loads (A-15), then the screen", async () => {
  const { router } = await renderApp("/");
  await screen.findByTestId("nav");
  act(() => {
    void router.navigate("/translations");
  });
  expect(await screen.findByTestId("screen-skeleton")).toBeTruthy();
  expect(screen.getByTestId("nav")).toBeTruthy();
  await act(async () => load.release());
  expect(await screen.findByRole("heading", { level: 1, name: "Translations" })).toBeTruthy();
  expect(screen.queryByTestId("screen-skeleton")).toBeNull();
});
