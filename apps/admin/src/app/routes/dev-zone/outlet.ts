import type { StaffShop } from "@laurel/contracts";
import { useOutletContext } from "react-router";

/** The shop list the /dev_zone layout loaded (and that proved access), for its child pages. */
export function useDevZoneShopList(): StaffShop[] {
  return useOutletContext<StaffShop[]>();
}
