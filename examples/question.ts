/**
 * Whether an agent's last message asks the person something, so a stop hook can
 * let the agent stop and wait for the answer. No model is called: the message's
 * last paragraph of prose is read, without its code and its addresses.
 *
 * A message is a question when that paragraph ends with `?` or the full-width
 * `？` (closing quotes, brackets and emphasis after it do not count), or when
 * one of its sentences opens with a question phrase, such as "Should I …" or
 * "Quer que eu …". The phrases cover English, Portuguese, Spanish, French and
 * German; a sentence that opens with Spanish `¿` is a question too.
 *
 * Not a question: a `?` only inside a code block, an inline code span or an
 * address (`https://…?q=1`); a question in an earlier paragraph when the last
 * one is a statement.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isQuestion } from "./question.ts";
 * assert(isQuestion("Shall I also update the docs?"));
 * assert(!isQuestion("Done: see https://example.com/?q=1"));
 * ```
 *
 * @module
 */

/**
 * The phrases that open a question, by language, written without accents and
 * in lower case (the message is compared the same way).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QUESTION_PHRASES } from "./question.ts";
 * assert(QUESTION_PHRASES.pt.includes("quer que"));
 * ```
 */
export const QUESTION_PHRASES: Readonly<Record<"en" | "pt" | "es" | "fr" | "de", string[]>> = {
  en: [
    "should i",
    "shall i",
    "should we",
    "shall we",
    "do you want",
    "would you like",
    "want me to",
    "do you prefer",
    "would you prefer",
    "can you confirm",
    "could you confirm",
    "is it ok if",
    "is that ok",
    "which one do you",
    "which option do you",
  ],
  pt: [
    "quer que",
    "voce quer",
    "gostaria que",
    "deseja que",
    "prefere que",
    "posso seguir",
    "posso continuar",
    "posso prosseguir",
    "devo seguir",
    "devo continuar",
    "devo prosseguir",
    "pode confirmar",
  ],
  es: [
    "quieres que",
    "quiere que",
    "desea que",
    "deseas que",
    "prefieres que",
    "prefiere que",
    "debo continuar",
    "debo seguir",
    "puedo continuar",
    "puedo seguir",
    "te parece",
    "le parece",
  ],
  fr: [
    "dois-je",
    "voulez-vous",
    "veux-tu",
    "souhaitez-vous",
    "souhaites-tu",
    "preferez-vous",
    "puis-je",
    "est-ce que je",
    "voulez-vous que",
  ],
  de: [
    "soll ich",
    "sollen wir",
    "mochtest du",
    "mochten sie",
    "willst du",
    "wollen sie",
    "darf ich",
    "passt das",
  ],
};

const FENCE = /^\s*(```|~~~)/;

/** Lower case, without accents, so that "Você" and "voce" compare equal. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The message without a last unclosed code block and without the closed ones it ends with. */
function withoutTrailingCode(lines: string[]): string[] {
  const out = [...lines];
  const fences = out.flatMap((l, i) => (FENCE.test(l) ? [i] : []));
  if (fences.length % 2 === 1) out.length = fences[fences.length - 1] as number;
  for (;;) {
    while (out.length > 0 && (out[out.length - 1] as string).trim() === "") out.pop();
    if (out.length === 0 || !FENCE.test(out[out.length - 1] as string)) return out;
    let open = out.length - 2;
    while (open >= 0 && !FENCE.test(out[open] as string)) open--;
    if (open < 0) return out;
    out.length = open;
  }
}

/** The text without code blocks, inline code and addresses. */
function prose(paragraph: string): string {
  return paragraph
    .replace(/```[\s\S]*?```|~~~[\s\S]*?~~~/g, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ");
}

/** The phrases as one pattern, each at the start of a sentence. */
const OPENING = new RegExp(
  String.raw`(?:^|[.!?;:…。]\s+|\n\s*)(?:[-*+>]\s+)?["'“‘«(]*(?:¿|(?:${
    Object.values(QUESTION_PHRASES).flat().map((p) => p.replace(/[.]/g, "\\$&")).join("|")
  })(?![\p{L}]))`,
  "u",
);

/**
 * True when an agent's last message ends by asking the person something.
 *
 * @param message The agent's last message.
 * @returns Whether it is a question.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isQuestion } from "./question.ts";
 * assert(isQuestion("Shall I also update the docs?\n"));
 * assert(isQuestion("Posso seguir com a migração"));
 * assert(!isQuestion("Done. The tests pass."));
 * ```
 */
export function isQuestion(message: string | undefined): boolean {
  if (message === undefined) return false;
  const lines = withoutTrailingCode(message.replace(/\r\n?/g, "\n").split("\n"));
  const paragraphs = lines.join("\n").split(/\n\s*\n/);
  for (let i = paragraphs.length - 1; i >= 0; i--) {
    const text = prose(paragraphs[i] as string).trim();
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const end = text.replace(/[\s"'”’»)\]}*_>]+$/u, "");
    if (/[?？]$/.test(end)) return true;
    return OPENING.test(fold(text));
  }
  return false;
}
