import type { AppProviderProps } from "@shopify/polaris";
import { type ComponentProps, forwardRef } from "react";
import { Link } from "react-router";

type LinkLikeComponentProps = ComponentProps<NonNullable<AppProviderProps["linkComponent"]>>;

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Polaris' `linkComponent`: app paths go through React Router (no page reload); absolute URLs
 * are plain anchors — `external` ones open a new tab, others leave the app in the top window
 * (which also escapes the Shopify admin iframe when embedded).
 */
export const PolarisLink = forwardRef<HTMLAnchorElement, LinkLikeComponentProps>(function PolarisLink(
  { url, external, children, target, ...rest },
  ref,
) {
  if (ABSOLUTE.test(url)) {
    const finalTarget = external ? "_blank" : (target ?? "_top");
    return (
      <a
        ref={ref}
        href={url}
        target={finalTarget}
        rel={finalTarget === "_blank" ? "noopener noreferrer" : undefined}
        {...rest}
      >
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={url} target={external ? "_blank" : target} {...rest}>
      {children}
    </Link>
  );
});
