import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { AreaUnavailable } from "./area-unavailable";
import { emptyStateImage, logoSource, notFoundImage } from "./illustrations";

/** The root <svg> of a data: URI picture. */
function svgOf(uri: string): SVGSVGElement {
  const text = decodeURIComponent(uri.replace(/^data:image\/svg\+xml,/, ""));
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  return doc.documentElement as unknown as SVGSVGElement;
}

describe("illustrations", () => {
  it.each([
    ["empty state", emptyStateImage],
    ["not found", notFoundImage],
    ["logo", logoSource],
  ])("the %s picture has an intrinsic size matching its viewBox (no zero-size <img>)", (_name, uri) => {
    const svg = svgOf(uri);
    const [, , w, h] = (svg.getAttribute("viewBox") ?? "").split(" ");
    expect(Number(svg.getAttribute("width"))).toBeGreaterThan(0);
    expect(svg.getAttribute("width")).toBe(w);
    expect(svg.getAttribute("height")).toBe(h);
  });

  it("the empty state shows that sized picture", async () => {
    await renderWithProviders(<AreaUnavailable title="Customers" />);
    const img = screen.getByTestId("empty-state").querySelector("img");
    expect(img?.getAttribute("src")).toBe(emptyStateImage);
    expect(svgOf(img?.getAttribute("src") ?? "").getAttribute("width")).toBe("226");
  });
});
