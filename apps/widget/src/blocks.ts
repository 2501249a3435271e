/**
 * `blocks.js`: on-site blocks and popups (issue 12), embedded by the theme app embed beside the
 * loader as a classic `<script defer>` with the same `data-laurel-*` attributes.
 */
import { startBlocks } from "./blocks/blocks";

void startBlocks(document.currentScript as HTMLElement | null);
