import { z } from 'zod';

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. NUL is among them: Postgres text cannot hold it. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair without its other half: not a character, and not valid UTF-8 once encoded. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/** True when `value` is text a person could have typed: no control characters, no lone surrogates. */
export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Every string a client sends is built on this: text with tabs and line breaks allowed, and
 * nothing else below U+0020, no DEL, no C1 controls, no lone surrogates. Refine length, trim or
 * pattern on top of it (`ZText.trim().max(120)`).
 */
export const ZText = z.string().refine(isPlainText, 'must not contain control characters');

/**
 * One line of text (names, titles, file names, tokens, header-bound values): `ZText` trimmed, so a
 * pasted trailing line break is dropped, and then without tabs or line breaks inside.
 */
export const ZLine = ZText.trim().refine((value) => !LINE_BREAK_OR_TAB.test(value), 'must be one line');
