import { useEffect } from "react";

/**
 * the shop's own CSS (`shop.customCSS`) applies to the admin. It goes in as the text of a
 * `<style>` element (never as HTML), so it cannot inject markup or scripts.
 */
export function CustomCss({ css }: { css: string | null }) {
  useEffect(() => {
    if (!css || css.trim() === "") return;
    const style = document.createElement("style");
    style.dataset.laurel = "custom-css";
    style.textContent = css;
    document.head.append(style);
    return () => style.remove();
  }, [css]);
  return null;
}
