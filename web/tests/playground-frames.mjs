// Screenshots of the playground at evenly spaced instants of its "Send Action"
// script, for docs/playground.gif (scripts/playground-gif assembles them).
// Each frame is the one the timeline shows under the cursor: the engine's
// frame at that instant, whatever the machine's speed.
//
//   node web/tests/playground-frames.mjs OUT-FOLDER [EFFECT] [STYLE]
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { launch, serve } from "./chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const [out, effect = "wave", style = "bouncy"] = process.argv.slice(2);
await mkdir(out, { recursive: true });

const server = await serve(root);
const browser = await launch();
const page = await browser.open(`${server.origin}/web/playground.html`, { width: 960, height: 400 });
await page.evaluate(`new Promise((resolve) => {
  const poll = () => (window.playground ? resolve() : setTimeout(poll, 20));
  poll();
})`);
await page.evaluate(`(() => {
  const set = (id, value) => { const e = document.getElementById(id); e.value = value; e.dispatchEvent(new Event("input")); };
  // A shorter stage: the label takes one line.
  document.getElementById("stage").style.minHeight = "120px";
  set("interval", "1.2");
  set("align", "center");
  set("style", ${JSON.stringify(style)});
  set("effect", ${JSON.stringify(effect)});
})()`);
// The script: "Send Action" at 0 s, "Action Sent" at 1.2 s, "Send Action" again at 2.4 s; the timeline runs to 3.9 s.
const times = [];
for (let t = 1.0; t < 3.7; t += 1 / 15) times.push(t);
let i = 0;
for (const t of times) {
  await page.evaluate(`(() => {
    const timeline = document.getElementById("timeline");
    const rect = timeline.getBoundingClientRect();
    const x = rect.left + (${t} / 3.9) * timeline.clientWidth;
    timeline.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: rect.top + 30, bubbles: true }));
  })()`);
  await writeFile(join(out, `frame-${String(i++).padStart(3, "0")}.png`), await page.screenshot());
}
if (page.problems.length > 0) console.error(page.problems.join("\n"));
await page.close();
await browser.close();
server.close();
console.log(`playground-frames: ${times.length} frames in ${out}`);
