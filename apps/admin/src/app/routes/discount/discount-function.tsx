import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { DiscountLinkView } from "../../../features/programs";
import { useAppPaths } from "../../../lib/routing";

/** /discount/:functionId/:id — the platform's discount-function link (D-20): the reward behind it. */
export default function DiscountFunctionScreen() {
  const { i18n } = useTranslation();
  const { functionId = "", id = "" } = useParams();
  const { href } = useAppPaths();
  return (
    <DiscountLinkView
      key={`${functionId}/${id}`}
      functionId={functionId}
      discountId={id}
      language={i18n.language}
      href={href}
    />
  );
}
