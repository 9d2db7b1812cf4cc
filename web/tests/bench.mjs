// Times the browser build in headless Chromium the way kinetype-web-native
// times the native engine (same texts, same loops, batches and medians) and
// prints both side by side: scripts/wasm-bench runs it.
//
//   node web/tests/bench.mjs NATIVE.json TEXTS.json
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { launch, serve } from "./chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const [nativeFile, textsFile] = process.argv.slice(2);
const native = JSON.parse(await readFile(nativeFile, "utf8"));
const texts = JSON.parse(await readFile(textsFile, "utf8"));
const wasm = await readFile(join(root, "web/dist/kinetype.wasm"));

const server = await serve(root);
const browser = await launch();
const page = await browser.open(`${server.origin}/web/tests/page.html`);
const result = await page.evaluate(`(async () => {
  const { load } = await import("/web/dist/kinetype.js");
  const texts = ${JSON.stringify(texts)};
  const text = (s) => String.fromCodePoint(...s);
  const bytes = await (await fetch("/web/dist/kinetype.wasm")).arrayBuffer();
  const instantiations = [];
  for (let i = 0; i < 21; i++) {
    const module = new WebAssembly.Module(bytes);
    const start = performance.now();
    await load(module);
    instantiations.push(performance.now() - start);
  }
  const compileStart = performance.now();
  await load(bytes);
  const compileAndInstantiate = performance.now() - compileStart;
  const kt = await load(bytes);
  // Warmed up for half a second first: V8 runs a function on its baseline
  // compiler until it is hot, then swaps in its optimised code, compiled in
  // the background; the native figures are a warm process's too.
  // reset() then puts the loop back where the native one starts.
  function measure(batches, batch, body, reset = () => {}) {
    const warm = performance.now() + 500;
    while (performance.now() < warm) for (let i = 0; i < batch; i++) body();
    reset();
    for (let i = 0; i < batch; i++) body();
    const samples = [];
    for (let b = 0; b < batches; b++) {
      const start = performance.now();
      for (let i = 0; i < batch; i++) body();
      samples.push((performance.now() - start) * 1e6 / batch);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[samples.length >> 1], p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))] };
  }
  const rows = {};
  for (const interrupting of [false, true]) {
    const labels = texts.label.map(text);
    const d = kt.director({ text: labels[0], layout: { cellWidth: 10, cellHeight: 20 }, preference: "alwaysAnimate" });
    const step = interrupting ? 0.05 : 2;
    let t = 0, k = 0;
    rows[interrupting ? "setText interrupting" : "setText settled"] = measure(101, 50, () => { k++; t += step; d.setText(labels[k & 1], t); });
  }
  const d = kt.director({ text: text(texts.old), layout: { cellWidth: 10, cellHeight: 20, wrap: 1200 }, preference: "alwaysAnimate" });
  const duration = d.setText(text(texts.new), 0).duration;
  let i = 0, sprites = 0;
  const frame = measure(51, 16, () => { i++; sprites = d.frameData(duration * 0.9 * (i & 255) / 256).count; }, () => { i = 0; });
  rows["frame(at:) per sprite, 10,000 glyphs"] = { median: frame.median / sprites, p99: frame.p99 / sprites };
  instantiations.sort((a, b) => a - b);
  return { rows, sprites, instantiate: instantiations[10], compileAndInstantiate };
})()`);
await page.close();
await browser.close();
server.close();

const size = wasm.length, gzipped = gzipSync(wasm, { level: 9 }).length;
const targets = { "setText settled": 2, "setText interrupting": 2, "frame(at:) per sprite, 10,000 glyphs": 2.5 };
const format = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(1)} µs` : `${ns.toFixed(1)} ns`);
console.log("| case | native | Chromium (wasm) | ratio | target |");
console.log("|---|---|---|---|---|");
for (const row of native.rows) {
  const web = result.rows[row.case];
  console.log(`| ${row.case} | ${format(row.median)} (p99 ${format(row.p99)}) | ${format(web.median)} (p99 ${format(web.p99)}) | ${(web.median / row.median).toFixed(2)}× | ≤ ${targets[row.case]}× |`);
}
console.log(`| instantiate (compiled module) / compile and instantiate | — | ${result.instantiate.toFixed(2)} ms / ${result.compileAndInstantiate.toFixed(1)} ms | | ≤ 20 ms |`);
console.log(`| kinetype.wasm | — | ${(size / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzipped | | ≤ 300 KB gzipped |`);
console.log(`(native ${native.sprites} / wasm ${result.sprites} live sprites in the frame case)`);
