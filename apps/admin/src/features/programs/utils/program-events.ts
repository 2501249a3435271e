import type { IconSource } from "@shopify/polaris";
import {
  CartIcon,
  DeliveryIcon,
  DiscountIcon,
  EmailIcon,
  GiftCardIcon,
  PersonAddIcon,
  PointOfSaleIcon,
  StarIcon,
} from "@shopify/polaris-icons";

/** The list tabs (C-05); the URL's `?type=` owns the tab, `earning` by default. */
export const programTabs = ["earning", "milestone", "redeem"] as const;
export type ProgramTab = (typeof programTabs)[number];

export function tabOf(search: string | null): ProgramTab {
  return (programTabs as readonly string[]).includes(search ?? "") ? (search as ProgramTab) : "earning";
}

/** Which tab lists a program: milestones apart from the other earning programs, rewards in redeem. */
export function tabOfProgram(p: { type: string; event: string }): ProgramTab {
  if (p.type === "spending") return "redeem";
  return p.event === "milestone" ? "milestone" : "earning";
}

const icons: Record<string, IconSource> = {
  place_order: CartIcon,
  place_order_subscription: CartIcon,
  sign_up: PersonAddIcon,
  sign_up_newsletter: EmailIcon,
  amount_discount: DiscountIcon,
  percentage_discount: DiscountIcon,
  pos_amount_discount: PointOfSaleIcon,
  pos_percentage_discount: PointOfSaleIcon,
  free_shipping: DeliveryIcon,
  free_gift: GiftCardIcon,
  buy_x_get_y: GiftCardIcon,
  custom_voucher: DiscountIcon,
};

/** The icon of a program kind; a generic star for kinds without their own. */
export function iconOf(event: string): IconSource {
  return icons[event] ?? StarIcon;
}
