// Headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: no WebSocket, no dependency), with a static file
// server for the repository's web/ folder and the native reference files.
// The web tests (web.test.mjs) and the benchmark (bench.mjs) use it.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { readFile, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, normalize, extname } from "node:path";

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".wasm": "application/wasm", ".json": "application/json", ".css": "text/css" };

/** The Chromium to run: KINETYPE_CHROMIUM or the usual places; null when none. */
export function findChromium() {
  const candidates = [process.env.KINETYPE_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

/** Serves `root`'s web/ and .build/web-tests/ folders on a free local port. */
export async function serve(root) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    if (!path.startsWith("/web/") && !path.startsWith("/.build/web-tests/")) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(root, path));
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** A Chromium instance; `open(url, options)` gives a page to evaluate in. */
export async function launch() {
  const executable = findChromium();
  if (!executable) throw new Error("chromium is not installed (scripts/setup --browser)");
  const profile = await mkdtemp(join(tmpdir(), "kinetype-chromium-"));
  const child = spawn(executable, [
    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
    "--remote-debugging-pipe", `--user-data-dir=${profile}`, "--no-first-run", "--mute-audio", "about:blank",
  ], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  const writer = child.stdio[3], reader = child.stdio[4];
  let nextId = 1, buffered = Buffer.alloc(0);
  const waiting = new Map(), listeners = new Set();
  reader.on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    let end;
    while ((end = buffered.indexOf(0)) >= 0) {
      const message = JSON.parse(buffered.subarray(0, end).toString("utf8"));
      buffered = buffered.subarray(end + 1);
      if (message.id && waiting.has(message.id)) {
        const { resolve, reject } = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) reject(new Error(`${message.error.message} ${message.error.data ?? ""}`));
        else resolve(message.result);
      } else {
        for (const listener of listeners) listener(message);
      }
    }
  });
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    writer.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
  });

  async function open(url, { width = 800, height = 400, reducedMotion = false } = {}) {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    const call = (method, params) => send(method, params, sessionId);
    const problems = [];
    const listener = (message) => {
      if (message.sessionId !== sessionId) return;
      if (message.method === "Runtime.exceptionThrown") {
        const d = message.params.exceptionDetails;
        problems.push(`exception: ${d.exception?.description ?? d.text}`);
      } else if (message.method === "Runtime.consoleAPICalled" && ["error", "assert"].includes(message.params.type)) {
        problems.push(`console.${message.params.type}: ${message.params.args.map((a) => a.value ?? a.description).join(" ")}`);
      } else if (message.method === "Log.entryAdded" && message.params.entry.level === "error") {
        problems.push(`log: ${message.params.entry.text} ${message.params.entry.url ?? ""}`);
      }
    };
    listeners.add(listener);
    await call("Runtime.enable");
    await call("Log.enable");
    await call("Page.enable");
    await call("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
    await call("Emulation.setEmulatedMedia", { features: [{ name: "prefers-reduced-motion", value: reducedMotion ? "reduce" : "no-preference" }] });
    const loaded = new Promise((resolve) => {
      const onLoad = (message) => {
        if (message.sessionId === sessionId && message.method === "Page.loadEventFired") {
          listeners.delete(onLoad);
          resolve();
        }
      };
      listeners.add(onLoad);
    });
    await call("Page.navigate", { url });
    await loaded;
    return {
      problems,
      /** Evaluates an expression (awaiting a promise) and returns its JSON value. */
      async evaluate(expression) {
        const result = await call("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
        if (result.exceptionDetails) {
          throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
        }
        return result.result.value;
      },
      /** A PNG of the page now. */
      async screenshot() {
        const { data } = await call("Page.captureScreenshot", { format: "png" });
        return Buffer.from(data, "base64");
      },
      /** The accessible name and role of the first element matching `selector`. */
      async accessible(selector) {
        const { root } = await call("DOM.getDocument", { depth: 0 });
        const { nodeId } = await call("DOM.querySelector", { nodeId: root.nodeId, selector });
        const { nodes } = await call("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
        const node = nodes[0];
        return { name: node?.name?.value ?? null, role: node?.role?.value ?? null };
      },
      async close() {
        listeners.delete(listener);
        await send("Target.closeTarget", { targetId });
      },
    };
  }

  async function close() {
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
    // (Chromium's helper processes may still be writing the profile as the main one exits:
    // removal is retried while the folder fills behind it.)
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
  return { open, close };
}
