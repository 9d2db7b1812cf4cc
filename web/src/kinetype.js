// Kinetype in the browser: the Swift engine compiled to WebAssembly
// (kinetype.wasm, built by `make wasm`) behind a small JavaScript API whose
// names mirror the Swift API and `kinetype frames --json`. No dependencies.
//
//   import { load } from "./kinetype.js";
//   const kt = await load();
//   const director = kt.director({ text: "Send Action", effect: "wave" });
//   director.setText("Action Sent", 0);
//   const frame = director.frame(0.25); // { t, sprites: [{ id, symbol, role, x, y, … }], particles }
//
// docs/web.md describes every option.

/** An error from the engine: a bad option, effect or handle. `line` and
 * `column` locate the value at fault in an effect's JSON (0 when not). */
export class KinetypeError extends Error {
  constructor(message, line = 0, column = 0) {
    super(message);
    this.name = "KinetypeError";
    this.line = line;
    this.column = column;
  }
}

// The frame record's layout (web/Sources/KinetypeWeb/FrameRecord.swift).
const HEADER = 8;
const SPRITE = 20;
const PARTICLE = 8;
const ROLES = ["exiting", "persisting", "entering"];

/** The instance of the engine: makes directors and checks effects. */
class Kinetype {
  constructor(instance) {
    this.exports = instance.exports;
    this.memory = instance.exports.memory;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
    this.broken = null;
    this.effects = this.#counted(() => this.exports.kt_effect_names());
  }

  /** Bytes of WebAssembly memory in use by the module (it only grows). */
  get memoryBytes() {
    return this.memory.buffer.byteLength;
  }

  /** A director showing `text` at rest; see docs/web.md for the options. */
  director(options = {}) {
    return new Director(this, options);
  }

  /** Checks an effect (a built-in name, an effect object or its JSON text):
   * null when it is fine, else `{message, line, column}`. */
  checkEffect(effect) {
    const source = effectSource(effect);
    const status = this.call(() => this.exports.kt_check_effect(this.input(source)), false);
    if (status === 0) return null;
    const numbers = this.numbers(2);
    return { message: this.outputText(), line: numbers[0], column: numbers[1] };
  }

  // Plumbing shared with Director.

  #bytes = new Uint8Array(0);
  #doubles = new Float64Array(0);

  /** The module's memory as bytes (a view made again only when memory grew). */
  bytes() {
    if (this.#bytes.buffer !== this.memory.buffer) this.#views();
    return this.#bytes;
  }

  /** The module's memory as doubles (index: address / 8). */
  doubles() {
    if (this.#doubles.buffer !== this.memory.buffer) this.#views();
    return this.#doubles;
  }

  #views() {
    this.#bytes = new Uint8Array(this.memory.buffer);
    this.#doubles = new Float64Array(this.memory.buffer);
  }

  /** Writes a string into the input block; its length in bytes. A short
   * ASCII string is copied code unit by code unit, cheaper than encoding it. */
  input(text) {
    const string = String(text);
    const n = string.length;
    const capacity = n * 3;
    const pointer = this.exports.kt_input(capacity);
    if (pointer === 0) throw new KinetypeError(this.outputText());
    const bytes = this.bytes();
    if (n <= 256) {
      let i = 0;
      for (; i < n; i++) {
        const c = string.charCodeAt(i);
        if (c >= 0x80) break;
        bytes[pointer + i] = c;
      }
      if (i === n) return n;
    }
    return this.encoder.encodeInto(string, bytes.subarray(pointer, pointer + capacity)).written;
  }

  /** Runs an export; a −1 becomes a thrown KinetypeError (with the engine's
   * message) unless `throws` is false. A trap marks the module broken. */
  call(body, throws = true) {
    this.ready();
    let result;
    try {
      result = body();
    } catch (error) {
      this.trapped(error);
    }
    return throws ? this.checked(result) : result;
  }

  /** Throws if an earlier call trapped. */
  ready() {
    if (this.broken) throw new KinetypeError(`the engine stopped earlier: ${this.broken}`);
  }

  /** Rethrows what an export threw; a trap marks the module broken. */
  trapped(error) {
    if (error instanceof WebAssembly.RuntimeError) {
      this.broken = `${error.message}${this.trapMessage ? ` (${this.trapMessage.trim()})` : ""}`;
      throw new KinetypeError(`the engine stopped: ${this.broken}`);
    }
    throw error;
  }

  /** An export's result; −1 becomes a thrown KinetypeError with the engine's message. */
  checked(result) {
    if (result === -1) {
      // An effect file's errors start with where they are.
      const message = this.outputText();
      const place = /^line (\d+), column (\d+)/.exec(message);
      throw new KinetypeError(message, place ? Number(place[1]) : 0, place ? Number(place[2]) : 0);
    }
    return result;
  }

  outputText() {
    const pointer = this.exports.kt_output();
    const length = this.exports.kt_output_length();
    return this.decoder.decode(new Uint8Array(this.memory.buffer, pointer, length));
  }

  /** The numbers block as a view of `count` doubles (valid until memory grows). */
  numbers(count) {
    return new Float64Array(this.memory.buffer, this.exports.kt_numbers(count), count);
  }

  /** The counted strings an export wrote to the output; `body` returns their count. */
  #counted(body) {
    const count = this.call(body);
    return this.readCounted(count);
  }

  readCounted(count) {
    const bytes = new Uint8Array(this.memory.buffer, this.exports.kt_output(), this.exports.kt_output_length());
    const strings = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      const n = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
      strings.push(this.decoder.decode(bytes.subarray(at + 4, at + 4 + n)));
      at += 4 + n;
    }
    return strings;
  }
}

/** A built-in name stays a name; an object becomes its JSON; JSON text passes as it is. */
function effectSource(effect) {
  if (effect === undefined || effect === null) return "scale";
  if (typeof effect === "object") return JSON.stringify(effect);
  return String(effect);
}

let measuringContext = null;

/** A 2D context to measure text with (OffscreenCanvas where there is one, as in workers). */
function measurer() {
  if (!measuringContext) {
    const canvas = typeof OffscreenCanvas !== "undefined" ? new OffscreenCanvas(1, 1) : document.createElement("canvas");
    measuringContext = canvas.getContext("2d");
  }
  return measuringContext;
}

/** The options of `director()` that the engine reads, as the JSON it takes. */
function engineOptions(options, measuring) {
  const preference = options.preference ?? "system";
  const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  const json = {
    style: options.style,
    spring: options.spring,
    mode: options.mode,
    decimal: options.decimal,
    preference: preference === "system" ? (reduced ? "reduceMotion" : "alwaysAnimate") : preference,
    seed: options.seed,
  };
  const layout = options.layout ?? "monospace";
  if (typeof layout === "string") {
    json.layout = layout;
  } else if (layout.font !== undefined || layout.size !== undefined) {
    json.layout = { kind: "measured", ...measuring };
  } else {
    json.layout = { kind: "monospace", cellWidth: layout.cellWidth, cellHeight: layout.cellHeight, wrap: layout.wrap, align: layout.align };
  }
  return JSON.stringify(json);
}

/** The font a measured layout draws with, and its metrics for the engine. */
function fontMetrics(layout) {
  const size = Number(layout.size ?? 16);
  const family = layout.font ?? "sans-serif";
  const font = `${layout.fontStyle ?? "normal"} ${layout.fontWeight ?? "normal"} ${size}px ${family}`;
  const context = measurer();
  context.font = font;
  const metrics = context.measureText("Hg");
  const ascent = metrics.fontBoundingBoxAscent ?? size * 0.8;
  const descent = metrics.fontBoundingBoxDescent ?? size * 0.2;
  const lineHeight = Number(layout.lineHeight ?? ascent + descent);
  // The browser centres the font's ascent and descent in a line box taller than them.
  const baseline = (lineHeight - (ascent + descent)) / 2 + ascent;
  return {
    css: font,
    engine: { font, size, lineHeight, ascent: baseline, wrap: layout.wrap, align: layout.align },
  };
}

/** A text's timeline: `setText` animates to a text from a time, `frame` samples it. */
class Director {
  #kt;
  #handle;
  #symbols;
  #events = [];
  #font = null;
  #text = "";

  constructor(kt, options) {
    this.#kt = kt;
    this.#symbols = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    this.#handle = kt.call(() => kt.exports.kt_new());
    this.eventLimit = 256;
    this.onevent = null;
    try {
      this.configure(options);
      this.#text = String(options.text ?? "");
      this.#measure(this.#text);
      const n = kt.input(this.#text);
      kt.call(() => kt.exports.kt_start(this.#handle, n));
    } catch (error) {
      this.dispose();
      throw error;
    }
  }

  /** Changes the effect, style, spring, mode, preference, seed or layout for
   * the next transitions (the options of `director()` but `text`). */
  configure(options) {
    const kt = this.#kt;
    const layout = options.layout ?? "monospace";
    const measuring = typeof layout === "object" && (layout.font !== undefined || layout.size !== undefined);
    const metrics = measuring ? fontMetrics(layout) : null;
    this.#font = metrics ? metrics.css : null;
    const json = engineOptions(options, metrics?.engine);
    const n = kt.input(json);
    kt.call(() => kt.exports.kt_configure(this.#handle, n));
    if ("effect" in options || !this.effect) {
      const source = effectSource(options.effect);
      const m = kt.input(source);
      kt.call(() => kt.exports.kt_set_effect(this.#handle, m));
      this.effect = options.effect ?? "scale";
    }
    this.options = { ...options };
  }

  /** The CSS font of a measured layout (null for monospace). */
  get font() {
    return this.#font;
  }

  /** The text shown, or being animated to. */
  get text() {
    return this.#text;
  }

  /** Animates to `text` from time `t` (seconds, on the caller's clock):
   * `{duration, sprites, entering, exiting, persisting}`. */
  setText(text, t) {
    const kt = this.#kt;
    const string = String(text);
    this.#measure(string);
    kt.ready();
    const n = kt.input(string);
    let status;
    try {
      status = kt.exports.kt_set_text(this.#handle, n, Number(t));
    } catch (error) {
      kt.trapped(error);
    }
    kt.checked(status);
    const e = kt.doubles(), at = kt.exports.kt_numbers(0) >> 3;
    const estimate = { duration: e[at], sprites: e[at + 1], entering: e[at + 2], exiting: e[at + 3], persisting: e[at + 4] };
    const pending = e[at + 5];
    this.#text = string;
    // The engine keeps events until asked: fetched now for a listener, else in batches (and when `events` is read).
    if (pending >= 32 || (pending > 0 && this.onevent)) this.#drainEvents();
    return estimate;
  }

  /** Measures, with the canvas, the clusters of `text` the engine has no advance for. */
  #measure(text) {
    if (!this.#font) return;
    const kt = this.#kt;
    const n = kt.input(text);
    const count = kt.call(() => kt.exports.kt_unmeasured(this.#handle, n));
    if (count === 0) return;
    const clusters = kt.readCounted(count);
    const context = measurer();
    context.font = this.#font;
    const widths = clusters.map((cluster) => context.measureText(cluster).width);
    kt.numbers(count).set(widths);
    kt.call(() => kt.exports.kt_add_advances(this.#handle, count));
  }

  /** The frame at `t` as raw numbers, for renderers that draw many sprites:
   * `{t, count, particles, animating, settle, data, offset, symbol(i), …}`;
   * `data` is valid until the next call into the engine. */
  frameData(t) {
    const kt = this.#kt;
    kt.call(() => kt.exports.kt_frame(this.#handle, Number(t)));
    let view = kt.numbers(HEADER);
    const [time, count, particles, valid, symbolCount, animating, settle, pending] = view;
    if (this.#symbols.length > valid) this.#symbols.length = valid;
    if (this.#symbols.length < symbolCount) {
      const fetched = kt.call(() => kt.exports.kt_symbols(this.#handle, this.#symbols.length));
      for (const symbol of kt.readCounted(fetched)) this.#symbols.push(symbol);
    }
    if (pending > 0) this.#drainEvents();
    const length = HEADER + count * SPRITE + particles * PARTICLE;
    const data = kt.numbers(length);
    const symbols = this.#symbols;
    return {
      t: time,
      count,
      particles,
      animating: animating === 1,
      settle: settle < 0 ? null : settle,
      data,
      offset: HEADER,
      stride: SPRITE,
      particleOffset: HEADER + count * SPRITE,
      symbol: (i) => symbols[data[HEADER + i * SPRITE + 1]],
    };
  }

  /** Every live sprite's state at `t`, in z-order, with the names of
   * `kinetype frames --json`, and the particles alive then. */
  frame(t) {
    const f = this.frameData(t);
    const d = f.data;
    const sprites = new Array(f.count);
    for (let i = 0, o = HEADER; i < f.count; i++, o += SPRITE) {
      sprites[i] = {
        kind: "glyph",
        id: d[o],
        symbol: this.#symbols[d[o + 1]],
        role: ROLES[d[o + 2]],
        x: d[o + 3],
        y: d[o + 4],
        scaleX: d[o + 5],
        scaleY: d[o + 6],
        rotation: d[o + 7],
        skew: d[o + 8],
        opacity: d[o + 9],
        blur: d[o + 10],
        tintRed: d[o + 11],
        tintGreen: d[o + 12],
        tintBlue: d[o + 13],
        tintAlpha: d[o + 14],
        strokeEnd: d[o + 15],
        fill: d[o + 16],
        width: d[o + 17],
        height: d[o + 18],
        baselineOffset: d[o + 19],
      };
    }
    const particles = new Array(f.particles);
    for (let i = 0, o = f.particleOffset; i < f.particles; i++, o += PARTICLE) {
      particles[i] = {
        x: d[o], y: d[o + 1], radius: d[o + 2], opacity: d[o + 3],
        red: d[o + 4], green: d[o + 5], blue: d[o + 6], alpha: d[o + 7],
      };
    }
    return { t: f.t, sprites, particles, animating: f.animating, settle: f.settle };
  }

  /** The current text laid out alone: `{width, height, lines, anchor}` (frames
   * put the alignment anchor at x = 0). */
  textBox() {
    const kt = this.#kt;
    kt.call(() => kt.exports.kt_text_box(this.#handle));
    const [width, height, lines, anchor] = kt.numbers(4);
    return { width, height, lines, anchor };
  }

  /** The legibility of the last frame: `{visibleGlyphs, garbledPairs,
   * doubledGlyphs, spaceGaps, worstOverlap, worstPair, doubled, legible}`. */
  legibility() {
    const kt = this.#kt;
    kt.call(() => kt.exports.kt_legibility(this.#handle));
    const [first, second, doubled] = kt.readCounted(3);
    const [visibleGlyphs, garbledPairs, doubledGlyphs, spaceGaps, worstOverlap] = kt.numbers(5);
    return {
      visibleGlyphs, garbledPairs, doubledGlyphs, spaceGaps, worstOverlap,
      worstPair: garbledPairs > 0 ? [first, second] : null,
      doubled: doubledGlyphs > 0 ? doubled : null,
      legible: garbledPairs === 0 && doubledGlyphs === 0 && spaceGaps === 0,
    };
  }

  /** The settle and cancel events so far, oldest first (the last `eventLimit`). */
  get events() {
    if (this.#handle !== 0) this.#drainEvents();
    return this.#events.slice();
  }

  #drainEvents() {
    const kt = this.#kt;
    const count = kt.call(() => kt.exports.kt_events(this.#handle));
    if (count === 0) return;
    const texts = kt.readCounted(count);
    const numbers = kt.numbers(3 * count);
    const fresh = [];
    for (let i = 0; i < count; i++) {
      fresh.push({ t: numbers[3 * i], kind: numbers[3 * i + 1] === 0 ? "settle" : "cancel", transition: numbers[3 * i + 2], text: texts[i] });
    }
    this.#events.push(...fresh);
    if (this.#events.length > this.eventLimit) this.#events.splice(0, this.#events.length - this.eventLimit);
    if (this.onevent) for (const event of fresh) this.onevent(event);
  }

  /** Frees the engine's director; the object is unusable afterwards. */
  dispose() {
    if (this.#handle === 0) return;
    const kt = this.#kt;
    const handle = this.#handle;
    this.#handle = 0;
    kt.call(() => kt.exports.kt_dispose(handle), false);
  }
}

/** Plain stubs of the four WASI calls the module imports: output goes to the
 * console (only a failing check ever writes), randomness to crypto. */
function wasiStubs(kt) {
  let memory = null;
  const pending = [];
  return {
    bind(instance) {
      memory = instance.exports.memory;
    },
    imports: {
      wasi_snapshot_preview1: {
        fd_write(fd, iovs, count, written) {
          const view = new DataView(memory.buffer);
          let total = 0;
          for (let i = 0; i < count; i++) {
            const base = view.getUint32(iovs + 8 * i, true);
            const length = view.getUint32(iovs + 8 * i + 4, true);
            pending.push(new TextDecoder().decode(new Uint8Array(memory.buffer, base, length)));
            total += length;
          }
          view.setUint32(written, total, true);
          const text = pending.join("");
          if (text.includes("\n")) {
            pending.length = 0;
            kt.message = (kt.message ?? "") + text;
            console.warn(`kinetype: ${text.trimEnd()}`);
          }
          return 0;
        },
        fd_close: () => 0,
        fd_seek: () => 70, // ESPIPE: the console cannot seek.
        random_get(pointer, length) {
          crypto.getRandomValues(new Uint8Array(memory.buffer, pointer, length));
          return 0;
        },
      },
    },
  };
}

/** Loads the engine: from kinetype.wasm beside this module by default, or
 * from a URL, bytes (ArrayBuffer, typed array) or a compiled WebAssembly.Module. */
export async function load(source = new URL("./kinetype.wasm", import.meta.url)) {
  const messages = {};
  const wasi = wasiStubs(messages);
  let instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, wasi.imports);
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    ({ instance } = await WebAssembly.instantiate(source, wasi.imports));
  } else {
    const response = await fetch(source);
    if (!response.ok) throw new KinetypeError(`could not load ${source}: HTTP ${response.status}`);
    if (typeof WebAssembly.instantiateStreaming === "function" && response.headers.get("content-type") === "application/wasm") {
      ({ instance } = await WebAssembly.instantiateStreaming(response, wasi.imports));
    } else {
      ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), wasi.imports));
    }
  }
  wasi.bind(instance);
  instance.exports._initialize();
  const kt = new Kinetype(instance);
  Object.defineProperty(kt, "trapMessage", { get: () => messages.message ?? "" });
  return kt;
}
