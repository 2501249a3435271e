/**
 * `loader.js`: the script a theme embeds (see README "The embed contract"). Built as a classic
 * script (an IIFE) because the theme tag is `<script defer>`, not a module.
 */
import { boot } from "./loader/boot";

void boot(document.currentScript as HTMLScriptElement | null);
