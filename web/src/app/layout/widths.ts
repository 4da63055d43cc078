/**
 * The window widths the console's layout changes at, as media queries, so the shell and the screens
 * change together.
 */

/** SPEC §9: the menu shows by default when the window is wider than 1280 px. */
export const WIDE_WINDOW = '(min-width: 1281px)';

/**
 * A phone (390 px and the like): the header keeps the menu button and moves its switches into the
 * menu, and a board shows one thing at a time. The inspection screens turn their tables into cards
 * at the same width (inspections.css).
 */
export const PHONE_WINDOW = '(max-width: 700px)';
