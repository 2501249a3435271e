import { useEffect, useRef, useState } from "react";
import { FEATURE_REQUEST_NUDGE_LIMIT, storage } from "../../../lib/storage";

/**
 * the Feature Request item carries a 'New' nudge for the first 3 app loads. Each load that
 * shows it counts once (localStorage `laurel.featureRequestCounter`, which stops at 3).
 */
export function useFeatureRequestNudge(visible: boolean): boolean {
  const [show] = useState(() => visible && storage.getFeatureRequestCounter() < FEATURE_REQUEST_NUDGE_LIMIT);
  const counted = useRef(false);
  useEffect(() => {
    if (!show || counted.current) return;
    counted.current = true;
    storage.incrementFeatureRequestCounter();
  }, [show]);
  return show;
}
