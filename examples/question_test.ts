import assert from "node:assert/strict";
import { isQuestion, QUESTION_PHRASES } from "./question.ts";
import { isQuestion as fromFinishLine } from "./finish-line.ts";

Deno.test("isQuestion() takes a message ending with ? or a full-width ？", () => {
  assert.equal(isQuestion("Should I also change the README?"), true);
  assert.equal(isQuestion("Which file?  \n\n"), true);
  assert.equal(isQuestion("どちらのファイルを変更しますか？"), true);
  assert.equal(isQuestion("要继续吗？\r\n"), true);
  assert.equal(isQuestion("Done. The tests pass."), false);
  assert.equal(isQuestion(""), false);
  assert.equal(isQuestion(undefined), false);
  assert.equal(fromFinishLine, isQuestion);
});

Deno.test("isQuestion() looks past closing quotes, brackets and emphasis after the ?", () => {
  assert.equal(isQuestion('He asked: "shall we merge?"'), true);
  assert.equal(isQuestion("(Do the tests need a database?)"), true);
  assert.equal(isQuestion("**Which one do you want?**"), true);
  assert.equal(isQuestion("Should I go on? »"), true);
  assert.equal(isQuestion("I wrote «why?» in the log."), false);
});

Deno.test("isQuestion() reads the prose before a code block the message ends with, closed or not", () => {
  assert.equal(isQuestion("Should I run this?\n\n```sh\nnpm test\n```"), true);
  assert.equal(isQuestion("Should I run this?\n```sh\nnpm test\n```\n"), true);
  assert.equal(isQuestion("Want me to apply it?\n\n```diff\n- a\n+ b"), true);
  assert.equal(isQuestion("I ran it.\n\n```sh\nls\n```\n\n```sh\npwd\n```"), false);
});

Deno.test("isQuestion() does not take a ? inside code or an address for a question", () => {
  assert.equal(isQuestion("Done. The regex is now:\n\n```\n^a?b?$\n```"), false);
  assert.equal(isQuestion("Fixed the optional `name?` field"), false);
  assert.equal(isQuestion("The results are at https://example.com/search?q=1&page=2?"), false);
  assert.equal(isQuestion("See www.example.com/a?b"), false);
  assert.equal(isQuestion("Run this:\n```\nwhat?\n"), false);
});

Deno.test("isQuestion() takes a sentence that opens with a question phrase, without a ?", () => {
  const yes = [
    "I made the change. Should I also update the docs",
    "Do you want me to push the branch.",
    "Would you like a test for it",
    "Posso seguir com a migração",
    "Terminei o parser. Quer que eu rode os testes",
    "Você quer que eu abra o PR",
    "¿Quieres que actualice la documentación",
    "Listo. Quieres que siga con el resto",
    "J'ai fini. Dois-je aussi mettre à jour le README",
    "Voulez-vous que je continue",
    "Fertig. Soll ich die Tests auch anpassen",
    "Möchtest du, dass ich weitermache",
  ];
  for (const m of yes) assert.equal(isQuestion(m), true, m);
  const no = [
    "I should include the tests, so I did.",
    "The user asked what you want; it is done.",
    "Posso is a Portuguese word; nothing else to do.",
    "Documentation updated.",
    "Ich habe alles erledigt.",
  ];
  for (const m of no) assert.equal(isQuestion(m), false, m);
  assert.deepEqual(Object.keys(QUESTION_PHRASES), ["en", "pt", "es", "fr", "de"]);
});

Deno.test("isQuestion() reads only the last paragraph of prose", () => {
  assert.equal(isQuestion("Should I change it?\n\nNo: I changed it. Done."), false);
  assert.equal(isQuestion("Done.\n\nShould I also change the README?"), true);
});
