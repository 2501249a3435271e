import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders, resetLanguage } from "../test/render";
import { ApiError } from "./api/errors";
import { i18n } from "./i18n/i18n";
import {
  type CallResult,
  createOrDeleteToast,
  editToast,
  OVERLAP_ERROR,
  outcomeOfError,
  useCreateOrDeleteToast,
  useEditToast,
} from "./toast-helpers";

await resetLanguage();
const t = i18n.getFixedT("en-US");

describe("createOrDeleteToast (A-26)", () => {
  it.each([
    {
      name: "success with the server's message",
      outcome: { success: true as const, message: "Program created" },
      supplied: undefined,
      toast: { message: "Program created", isError: false },
    },
    {
      name: "success without a message → 'Success'",
      outcome: { success: true as const },
      supplied: undefined,
      toast: { message: "Success", isError: false },
    },
    {
      name: "failure with a supplied message",
      outcome: { success: false as const, error: "Name is taken" },
      supplied: "Could not create the program",
      toast: { message: "Could not create the program", isError: true },
    },
    {
      name: "failure without one → translated 'Error' (not the server's text)",
      outcome: { success: false as const, error: "Name is taken" },
      supplied: undefined,
      toast: { message: "Error", isError: true },
    },
    {
      name: "the overlap answer → no toast at all",
      outcome: { success: false as const, error: OVERLAP_ERROR },
      supplied: "Could not create",
      toast: null,
    },
    {
      name: "another error text still toasts",
      outcome: { success: false as const, error: `${OVERLAP_ERROR}.` },
      supplied: undefined,
      toast: { message: "Error", isError: true },
    },
  ])("$name", ({ outcome, supplied, toast }) => {
    expect(createOrDeleteToast(outcome, t, supplied)).toEqual(toast);
  });

  it("uses the exact spec text for the overlap exception", () => {
    expect(OVERLAP_ERROR).toBe("The active period overlaps with that of another price rule");
  });
});

describe("editToast (A-27)", () => {
  it.each([
    {
      name: "server error first",
      outcome: {
        success: false as const,
        error: "Title can't be blank.",
        errors: [{ field: "x", message: "first" }],
      },
      message: "Title can't be blank.",
    },
    {
      name: "else errors[0].message",
      outcome: {
        success: false as const,
        errors: [
          { field: "title", message: "Too long" },
          { field: "b", message: "second" },
        ],
      },
      message: "Too long",
    },
    { name: "else 'Error'", outcome: { success: false as const, errors: [] }, message: "Error" },
  ])("failure: $name", ({ outcome, message }) => {
    expect(editToast(outcome, t)).toEqual({ message, isError: true });
  });

  it("success: the server's message, else 'Success'", () => {
    expect(editToast({ success: true, message: "Saved" }, t)).toEqual({ message: "Saved", isError: false });
    expect(editToast({ success: true }, t)).toEqual({ message: "Success", isError: false });
  });

  it("translates the fallbacks", async () => {
    await i18n.changeLanguage("en-US");
    expect(editToast({ success: false }, i18n.getFixedT("en-US")).message).toBe("Error");
  });
});

describe("outcomeOfError", () => {
  it("reads the server's error and field errors from an ApiError, nothing from other errors", () => {
    const error = new ApiError({
      status: 400,
      code: "validation_failed",
      message: "x",
      serverError: "Bad",
      errors: [{ field: "a", message: "b" }],
    });
    expect(outcomeOfError(error)).toEqual({
      success: false,
      error: "Bad",
      errors: [{ field: "a", message: "b" }],
    });
    // A network failure has no server text: the helpers fall back to their own words.
    expect(outcomeOfError(new ApiError({ status: 0, code: "network_error", message: "offline" }))).toEqual({
      success: false,
      error: undefined,
      errors: [],
    });
    expect(outcomeOfError(new Error("boom"))).toEqual({ success: false });
  });
});

const runners: {
  createOrDelete?: ReturnType<typeof useCreateOrDeleteToast>;
  edit?: ReturnType<typeof useEditToast>;
} = {};
function Probe() {
  runners.createOrDelete = useCreateOrDeleteToast();
  runners.edit = useEditToast();
  return null;
}

describe("the hooks show Polaris toasts (standalone host)", () => {
  it("create/delete: success message, supplied failure message, silent overlap", async () => {
    await renderWithProviders(<Probe />);
    let result: CallResult<number> | undefined;
    await act(async () => {
      result = await runners.createOrDelete?.(async () => ({ data: 7, message: "Reward created" }));
    });
    expect(result).toEqual({ ok: true, data: 7, message: "Reward created" });
    expect(await screen.findByText("Reward created")).toBeTruthy();

    await act(async () => {
      result = await runners.createOrDelete?.(
        async () => {
          throw new ApiError({
            status: 400,
            code: "validation_failed",
            message: OVERLAP_ERROR,
            serverError: OVERLAP_ERROR,
          });
        },
        { failureMessage: "Could not create the reward" },
      );
    });
    expect(result?.ok).toBe(false);
    expect(screen.queryByText("Could not create the reward")).toBeNull();

    await act(async () => {
      await runners.createOrDelete?.(
        async () => {
          throw new ApiError({
            status: 400,
            code: "validation_failed",
            message: "Nope",
            serverError: "Nope",
          });
        },
        { failureMessage: "Could not create the reward" },
      );
    });
    expect(await screen.findByText("Could not create the reward")).toBeTruthy();
  });

  it("edit: the server's error in an error toast", async () => {
    await renderWithProviders(<Probe />);
    await act(async () => {
      await runners.edit?.(async () => {
        throw new ApiError({
          status: 400,
          code: "validation_failed",
          message: "x",
          errors: [{ field: "title", message: "Title can't be blank." }],
        });
      });
    });
    const toast = await screen.findByText("Title can't be blank.");
    expect(toast.closest(".Polaris-Frame-Toast")?.className).toContain("Polaris-Frame-Toast--error");
  });
});
