import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../lib/i18n/i18n";
import { renderWithProviders } from "../test/render";
import { StatusBadge, statusTones } from "./status-badge";

describe("<StatusBadge> (A-28)", () => {
  it("labels every status in every admin language", async () => {
    await renderWithProviders(<StatusBadge status="loggedIn" />);
    expect(screen.getByText("Logged in")).toBeTruthy();
    for (const status of Object.keys(statusTones)) {
      expect(i18n.exists(`status.${status}`), status).toBe(true);
    }
  });

  it("gives each status its tone", async () => {
    await renderWithProviders(
      <>
        <StatusBadge status="active" />
        <StatusBadge status="expired" />
        <StatusBadge status="draft" />
      </>,
    );
    expect(screen.getByText("Active").closest(".Polaris-Badge")?.className).toContain(
      "Polaris-Badge--toneSuccess",
    );
    expect(screen.getByText("Expired").closest(".Polaris-Badge")?.className).toContain(
      "Polaris-Badge--toneCritical",
    );
    expect(screen.getByText("Draft").closest(".Polaris-Badge")?.className).not.toContain(
      "Polaris-Badge--tone",
    );
  });
});
