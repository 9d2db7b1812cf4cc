// The browser build in headless Chromium (scripts/web-test runs it after
// `make wasm` and `kinetype-web-native reference`): frames against the native
// engine, the element, bad input, memory, the playground.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { launch, serve } from "./chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const shots = join(root, ".build", "web-tests");
let browser, server;

before(async () => {
  server = await serve(root);
  browser = await launch();
});
after(async () => {
  // (The server closes whatever closing the browser does: left open, it would keep the run alive.)
  try {
    await browser?.close();
  } finally {
    server?.close();
  }
});

const page = (options) => browser.open(`${server.origin}/web/tests/page.html`, options);
const engine = `const { load } = await import("/web/dist/kinetype.js"); const kt = await load();`;

/** The element's glyphs once settled, in reading order, with their opacity. */
const settledGlyphs = `(async () => {
  const k = document.querySelector("#label");
  await k.ready;
  const start = performance.now();
  while (k.animating || performance.now() - start < 50) await new Promise(requestAnimationFrame);
  const spans = [...k.shadowRoot.querySelectorAll("[data-glyph]")];
  const place = (s) => new DOMMatrixReadOnly(getComputedStyle(s).transform);
  return spans.map((s) => ({ glyph: s.dataset.glyph, x: place(s).m41, y: place(s).m42, opacity: Number(getComputedStyle(s).opacity) }))
    .sort((a, b) => a.y - b.y || a.x - b.x);
})()`;

test("frames from frame(t) equal the native engine's bit for bit, every built-in effect, several scripts, interruptions", async () => {
  const p = await page();
  const result = await p.evaluate(`(async () => { ${engine}
    const { compareWithNative } = await import("/web/tests/equality.js");
    const reference = await (await fetch("/.build/web-tests/reference.json")).json();
    return compareWithNative(kt, reference);
  })()`);
  console.log(`# ${result.cases} cases, ${result.frames} frames, ${result.sprites} sprites: ${result.identical} of ${result.numbers} numbers bit for bit the same as native${result.maxUlps ? `, the others at most ${result.maxUlps} ULPs apart (${result.worst})` : ""}`);
  assert.equal(result.cases, 63);
  assert.ok(result.frames > 1000);
  assert.deepEqual(result.mismatches, []);
  assert.equal(result.identical, result.numbers, "every number is the same bits");
  assert.deepEqual(p.problems, []);
  await p.close();
});

test("the element settles on the new text and names itself by it", async () => {
  const p = await page();
  await p.evaluate(`document.querySelector("#label").ready`);
  assert.deepEqual(await p.accessible("#label"), { name: "Send Action", role: "image" });
  await p.evaluate(`document.querySelector("#label").text = "Action Sent"`);
  await p.evaluate(`new Promise((r) => setTimeout(r, 120))`);
  await writeFile(join(shots, "element-mid-transition.png"), await p.screenshot());
  const glyphs = await p.evaluate(settledGlyphs);
  await writeFile(join(shots, "element-settled.png"), await p.screenshot());
  assert.equal(glyphs.map((g) => g.glyph).join(""), "Action Sent");
  assert.ok(glyphs.every((g) => g.opacity === 1), "every glyph fully shown");
  // One baseline, glyphs left to right with no overlap.
  assert.ok(glyphs.every((g) => g.y === glyphs[0].y));
  for (let i = 1; i < glyphs.length; i++) assert.ok(glyphs[i].x > glyphs[i - 1].x);
  assert.deepEqual(await p.accessible("#label"), { name: "Action Sent", role: "image" });
  assert.equal(await p.evaluate(`document.querySelector("#label").animating`), false, "the loop stopped");
  assert.deepEqual(p.problems, []);
  await p.close();
});

test("markup in a text is drawn as text, never parsed", async () => {
  const p = await page();
  const text = `<img src=x onerror="window.pwned=1">`;
  await p.evaluate(`document.querySelector("#label").ready.then(() => { document.querySelector("#label").text = ${JSON.stringify(text)}; })`);
  const glyphs = await p.evaluate(settledGlyphs);
  assert.equal(glyphs.map((g) => g.glyph).join(""), text);
  assert.equal(await p.evaluate(`document.querySelectorAll("img").length + document.querySelector("#label").shadowRoot.querySelectorAll("img").length`), 0);
  assert.equal(await p.evaluate(`new Promise((r) => setTimeout(() => r(window.pwned ?? null), 100))`), null);
  assert.deepEqual(await p.accessible("#label"), { name: text, role: "image" });
  await p.close();
});

/** Every transform and the wall time of one change of the element's text. */
const watchChange = `(async () => {
  const k = document.querySelector("#label");
  await k.ready;
  const seen = new Set();
  const start = performance.now();
  k.text = "Action Sent";
  while (k.animating) {
    for (const s of k.shadowRoot.querySelectorAll("[data-glyph]")) seen.add(s.style.transform.replace(/translate\\([^)]*\\) /, ""));
    await new Promise(requestAnimationFrame);
  }
  return { seconds: (performance.now() - start) / 1000, poses: [...seen] };
})()`;

test("prefers-reduced-motion: a short cross-fade, nothing turns or scales", async () => {
  const reduced = await page({ reducedMotion: true });
  const calm = await reduced.evaluate(watchChange);
  await reduced.close();
  const full = await page();
  const lively = await full.evaluate(watchChange);
  await full.close();
  assert.deepEqual(calm.poses, ["rotate(0rad) scale(1, 1) skewX(0rad)"], "no rotation or scale under reduced motion");
  assert.ok(calm.seconds < 0.4, `reduced motion settles fast (${calm.seconds} s)`);
  assert.ok(lively.poses.length > 10, "the wave turns glyphs with full motion");
  assert.ok(lively.seconds > calm.seconds * 2, `full motion takes longer (${lively.seconds} s)`);
});

test("bad input is an Error with the engine's message, and the engine goes on", async () => {
  const p = await page();
  const result = await p.evaluate(`(async () => { ${engine}
    const messages = [];
    for (const options of [{ effect: "fog" }, { style: "snapy" }, { spring: [1, -5, 2] }, { mode: "diff" },
        { effect: { name: "drop", entering: { channels: { y: { form: -1 } } } } }, { layout: { font: "serif", size: -3 } }]) {
      try { kt.director({ text: "a", ...options }); messages.push("no error"); }
      catch (error) { messages.push(error.name + ": " + error.message); }
    }
    const check = kt.checkEffect('{"name": "drop",\\n  "entering": {"channels": {"y": {"form": -1}}}}');
    const d = kt.director({ text: "still", effect: "slide" });
    d.setText("working", 0);
    return { messages, check, sprites: d.frame(0.1).sprites.length };
  })()`);
  assert.deepEqual(result.messages, [
    'KinetypeError: unknown effect "fog"; known effects: dance, minimal, mist, rolling, scale, slide, sparkle, wave, write',
    'KinetypeError: style: unknown style "snapy"; use snappy, smooth or bouncy',
    "KinetypeError: spring: spring stiffness -5 is out of range; use a number in 1e-9…1e9",
    'KinetypeError: mode: unknown mode "diff"; use morph, replace or numeric',
    'KinetypeError: line 1, column 45: entering.channels.y: unknown field "form" (did you mean "from"?); the fields here are from, unit, spring, curve, duration, keyframes',
    "KinetypeError: layout.size: use a number of points above 0 and at most 100000",
  ]);
  assert.equal(result.check.line, 2);
  assert.equal(result.check.column, 35);
  assert.ok(result.sprites > 5);
  await p.close();
});

test("memory does not grow over 10,000 transitions", async () => {
  const p = await page();
  const result = await p.evaluate(`(async () => { ${engine}
    const d = kt.director({ text: "Checkout complete: 3 items, total $42.50", effect: "sparkle" });
    const texts = ["Payment failed: card declined, try again", "Checkout complete: 3 items, total $42.50", "Über 👍🏽 日本語 x"];
    let t = 0;
    const play = (n) => { for (let i = 0; i < n; i++) { t += 0.07; d.setText(texts[i % 3] + (i % 7), t); d.frame(t + 0.03); } };
    play(2000);
    const before = kt.memoryBytes;
    play(10000);
    return { before, after: kt.memoryBytes, events: d.events.length };
  })()`);
  assert.equal(result.after, result.before, `memory grew from ${result.before} to ${result.after} bytes`);
  assert.equal(result.events, 256);
  await p.close();
});

test("the playground loads with no console error and plays 2,000 glyphs", async () => {
  const p = await browser.open(`${server.origin}/web/playground.html`, { width: 1200, height: 900 });
  // The page's module awaits the engine before it defines window.playground.
  const status = await p.evaluate(`new Promise((resolve) => {
    const poll = () => (window.playground ? resolve(window.playground.selfTest()) : setTimeout(poll, 20));
    poll();
  })`);
  await writeFile(join(shots, "playground.png"), await p.screenshot());
  assert.ok(status.glyphs >= 2000, `${status.glyphs} glyphs`);
  // How long a frame takes is the benchmark's to judge (scripts/wasm-bench), not
  // a test's: on a loaded 2-core machine the same page measures 7 to 25 ms.
  assert.ok(Number.isFinite(status.frameMs) && status.frameMs > 0, `a frame of 2,000 glyphs took ${status.frameMs} ms`);
  console.log(`playground: a frame of ${status.glyphs} glyphs, engine and DOM, ${status.frameMs.toFixed(2)} ms`);
  assert.deepEqual(p.problems, []);
  await p.close();
});
