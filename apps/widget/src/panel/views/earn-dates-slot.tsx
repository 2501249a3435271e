import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type Ctx, lazyChunk } from "../context";

/** The earn-dates chunk (birthday, anniversary, visit, streak, social). */
export const loadEarnDates = lazyChunk(() => import("./earn-dates"));

/** Where a member's home view shows the ways to earn by date and action, once their code is here. */
export function EarnDatesSlot({ c }: { c: Ctx }) {
  const [List, setList] = useState<ComponentType<{ c: Ctx }> | null>(null);
  useEffect(() => {
    loadEarnDates().then(
      (m) => setList(() => m.EarnDatesList),
      () => {},
    );
  }, []);
  return List ? <List c={c} /> : null;
}
