import { act, screen, waitFor } from "@testing-library/react";
import { Link } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../../../scripts/vitest.setup";
import { renderWithProviders } from "../../test/render";
import { SaveBar } from "./save-bar";
import { type SaveBarState, type UseSaveBarOptions, useSaveBar } from "./use-save-bar";

/** A screen that edits something, with the save bar. `current.bar` exposes the hook's state. */
const current: { bar: SaveBarState | null } = { bar: null };

function Editor(options: UseSaveBarOptions) {
  const bar = useSaveBar(options);
  current.bar = bar;
  return (
    <div>
      <button type="button" onClick={() => bar.setSaveChanged(true)}>
        Edit
      </button>
      <output data-testid="state">{`changed=${bar.saveChanged} saving=${bar.saving} disabled=${bar.disableSave}`}</output>
      <Link to="/editor?tab=2">Other tab</Link>
      <Link to="/editor?tab=3" state={{ keepSaveBar: true }}>
        Other tab, keep
      </Link>
      <SaveBar state={bar} />
    </div>
  );
}

async function renderEditor(options: Partial<UseSaveBarOptions> = {}, path = "/editor") {
  const onSave = options.onSave ?? vi.fn(async () => {});
  const app = await renderWithProviders(
    [{ path: "/editor", element: <Editor {...options} onSave={onSave} /> }],
    { path },
  );
  return { ...app, onSave };
}

const state = () => screen.getByTestId("state").textContent;
const bar = () => {
  if (!current.bar) throw new Error("no save bar");
  return current.bar;
};

describe("useSaveBar + <SaveBar> (A-16)", () => {
  it("shows the bar only while there are unsaved changes", async () => {
    const { user } = await renderEditor();
    expect(screen.queryByText("Unsaved changes")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Discard" })).toBeTruthy();
  });

  it("saves, shows 'saving' meanwhile, then clears the changed flag", async () => {
    let finish: () => void = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = await renderEditor({ onSave });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(state()).toBe("changed=true saving=true disabled=false");
    // A second click while saving does not save twice.
    await act(async () => {
      expect(await bar().save()).toBe(false);
    });
    await act(async () => finish());
    expect(state()).toBe("changed=false saving=false disabled=false");
    expect(screen.queryByText("Unsaved changes")).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("runs beforeSave first and stops when it returns false", async () => {
    const calls: string[] = [];
    const onSave = vi.fn(async () => {
      calls.push("save");
    });
    const { user } = await renderEditor({
      onSave,
      beforeSave: () => {
        calls.push("beforeSave");
        return false;
      },
      validate: () => {
        calls.push("validate");
        return true;
      },
    });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    let saved: boolean | undefined;
    await act(async () => {
      saved = await bar().save();
    });
    expect(saved).toBe(false);
    expect(calls).toEqual(["beforeSave"]);
    expect(state()).toBe("changed=true saving=false disabled=false");
  });

  it("continues when an async beforeSave resolves true, then validates, then saves", async () => {
    const calls: string[] = [];
    const { user } = await renderEditor({
      onSave: async () => {
        calls.push("save");
      },
      beforeSave: async () => {
        calls.push("beforeSave");
        return true;
      },
      validate: () => {
        calls.push("validate");
        return true;
      },
    });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await act(async () => {
      expect(await bar().save()).toBe(true);
    });
    expect(calls).toEqual(["beforeSave", "validate", "save"]);
    expect(state()).toBe("changed=false saving=false disabled=false");
  });

  it("stops when validation fails", async () => {
    const { user, onSave } = await renderEditor({ validate: () => false });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(state()).toBe("changed=true saving=false disabled=false");
  });

  it("disables saving when the URL has a trial parameter (after beforeSave, before validation)", async () => {
    const calls: string[] = [];
    const { user, onSave } = await renderEditor(
      {
        beforeSave: () => {
          calls.push("beforeSave");
          return true;
        },
        validate: () => {
          calls.push("validate");
          return true;
        },
      },
      "/editor?trial=1",
    );
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(state()).toBe("changed=true saving=false disabled=true");
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("aria-disabled")).toBe("true");
    await act(async () => {
      expect(await bar().save()).toBe(false);
    });
    expect(calls).toEqual(["beforeSave"]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("logs and rethrows a failed save, keeping the changes", async () => {
    const failure = new Error("server said no");
    const { user } = await renderEditor({ onSave: async () => Promise.reject(failure) });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const logged = vi.mocked(console.error);
    expectConsoleError(1);
    let thrown: unknown;
    await act(async () => {
      await bar()
        .save()
        .catch((error: unknown) => {
          thrown = error;
        });
    });
    expect(thrown).toBe(failure);
    expect(logged).toHaveBeenCalledWith("Save failed", failure);
    expect(state()).toBe("changed=true saving=false disabled=false");
  });

  it("swallows the (already logged) failure when saved from the bar's button", async () => {
    const { user } = await renderEditor({ onSave: async () => Promise.reject(new Error("nope")) });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expectConsoleError(1);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(state()).toBe("changed=true saving=false disabled=false"));
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
  });

  it("discards: resets the form and hides the bar", async () => {
    const onDiscard = vi.fn();
    const { user } = await renderEditor({ onDiscard });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(state()).toBe("changed=false saving=false disabled=false");
  });

  it("clears the changed flag on navigation, unless the route state keeps the save bar", async () => {
    const { user, router } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("link", { name: "Other tab, keep" }));
    expect(router.state.location.search).toBe("?tab=3");
    expect(state()).toBe("changed=true saving=false disabled=false");
    await user.click(screen.getByRole("link", { name: "Other tab" }));
    expect(router.state.location.search).toBe("?tab=2");
    expect(state()).toBe("changed=false saving=false disabled=false");
  });
});
