// <kinetype-text>: a text that animates when it changes, drawn in the page's
// font by the Kinetype engine (kinetype.wasm). Importing this module defines
// the element.
//
//   <script type="module" src="kinetype-text.js"></script>
//   <kinetype-text effect="wave" style="bouncy" align="center" text="Send Action"></kinetype-text>
//   document.querySelector("kinetype-text").text = "Action Sent"; // animates
//
// Each glyph is a <span data-glyph="…"> placed with a CSS transform; the
// element's accessible name is its current text (role="img" unless the page
// gives it another role); with prefers-reduced-motion the engine cross-fades
// instead of moving; the animation loop stops once the text has settled.
import { load } from "./kinetype.js";

let engine = null;
/** One engine for every element of the page. */
function shared() {
  engine ??= load(new URL("./kinetype.wasm", import.meta.url));
  return engine;
}

const STYLES = ["snappy", "smooth", "bouncy"];
const reducedMotion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

const template = `
<style>
  :host { display: inline-block; position: relative; vertical-align: baseline; white-space: pre; }
  .box { position: relative; display: inline-block; vertical-align: top; }
  .layer { position: absolute; left: 0; top: 0; pointer-events: none; }
  .glyph { position: absolute; left: 0; top: 0; text-align: center; transform-origin: 50% 50%; will-change: transform, opacity; }
  .particle { position: absolute; left: 0; top: 0; border-radius: 50%; background: currentColor; }
</style>
<div class="box"><div class="layer" aria-hidden="true"></div></div>`;

export class KinetypeText extends HTMLElement {
  static observedAttributes = ["text", "effect", "style", "align", "mode"];

  #director = null;
  #text = "";
  #layer;
  #sizer;
  #spans = new Map();
  #dots = [];
  #frame = 0;
  #clock = 0;
  #ready = null;
  #box = { width: 0, height: 0, anchor: 0 };

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = template;
    this.#layer = root.querySelector(".layer");
    this.#sizer = root.querySelector(".box");
    this.#text = this.getAttribute("text") ?? this.textContent ?? "";
    this.onReducedMotion = () => this.#configure();
  }

  connectedCallback() {
    if (!this.hasAttribute("role")) this.setAttribute("role", "img");
    this.setAttribute("aria-label", this.#text);
    reducedMotion?.addEventListener("change", this.onReducedMotion);
    this.#ready ??= shared().then((kt) => {
      if (!this.isConnected) return;
      this.#director = kt.director({ ...this.#options(), text: this.#text });
      this.#director.onevent = (event) => this.dispatchEvent(new CustomEvent(`kinetype-${event.kind}`, { detail: event }));
      this.#resize();
      this.#draw(this.#director.frameData(0));
    });
  }

  disconnectedCallback() {
    reducedMotion?.removeEventListener("change", this.onReducedMotion);
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#director?.dispose();
    this.#director = null;
    this.#ready = null;
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === "text") this.text = value ?? "";
    else this.#configure();
  }

  /** The text shown (or animated to); setting it animates. */
  get text() {
    return this.#text;
  }

  set text(value) {
    const text = String(value ?? "");
    if (text === this.#text) return;
    this.#text = text;
    this.setAttribute("aria-label", text);
    if (!this.#director) return;
    this.#director.setText(text, this.#now());
    this.#resize();
    this.#start();
  }

  /** Resolves once the element is drawn by the engine (after the .wasm loaded). */
  get ready() {
    return this.#ready ?? Promise.resolve();
  }

  /** Whether a transition is running. */
  get animating() {
    return this.#frame !== 0;
  }

  #options() {
    const style = this.getAttribute("style");
    const computed = getComputedStyle(this);
    return {
      effect: this.getAttribute("effect") || "scale",
      // `style` is also the attribute of inline CSS: only a preset's name is a motion style.
      style: STYLES.includes(style) ? style : "snappy",
      mode: this.getAttribute("mode") || "morph",
      preference: "system",
      layout: {
        font: computed.fontFamily,
        size: parseFloat(computed.fontSize) || 16,
        fontStyle: computed.fontStyle,
        fontWeight: computed.fontWeight,
        lineHeight: computed.lineHeight === "normal" ? undefined : parseFloat(computed.lineHeight),
        align: this.getAttribute("align") || "leading",
      },
    };
  }

  #configure() {
    if (!this.#director) return;
    this.#director.configure(this.#options());
    this.#resize();
  }

  /** Seconds on the element's clock: the page's, from the first frame on. */
  #now() {
    return performance.now() / 1000 - this.#clock;
  }

  #resize() {
    const box = this.#director.textBox();
    this.#box = box;
    // The box inside the shadow root takes the size: the host's own style attribute is the page's.
    this.#sizer.style.width = `${box.width}px`;
    this.#sizer.style.height = `${box.height}px`;
    this.#layer.style.transform = `translateX(${box.anchor}px)`;
  }

  #start() {
    if (this.#frame) return;
    const tick = () => {
      if (!this.#director) return;
      const frame = this.#director.frameData(this.#now());
      this.#draw(frame);
      this.#frame = frame.animating ? requestAnimationFrame(tick) : 0;
    };
    this.#frame = requestAnimationFrame(tick);
  }

  /** Places a span per sprite (made once per sprite id) and a dot per particle. */
  #draw(frame) {
    const d = frame.data;
    const seen = new Set();
    for (let i = 0, o = frame.offset; i < frame.count; i++, o += frame.stride) {
      const id = d[o];
      seen.add(id);
      let span = this.#spans.get(id);
      const symbol = frame.symbol(i);
      if (!span) {
        span = document.createElement("span");
        span.className = "glyph";
        this.#spans.set(id, span);
        this.#layer.append(span);
      }
      if (span.dataset.glyph !== symbol) {
        span.dataset.glyph = symbol;
        span.textContent = symbol; // text, never markup
      }
      const w = d[o + 17], h = d[o + 18];
      // Only what changed is written (each style write costs a recalculation); `span.drawn` remembers.
      const drawn = span.drawn ?? (span.drawn = {});
      if (drawn.width !== w || drawn.height !== h) {
        drawn.width = w;
        drawn.height = h;
        span.style.width = `${w}px`;
        span.style.height = `${h}px`;
        span.style.lineHeight = `${h}px`;
      }
      const transform = `translate(${d[o + 3] - w / 2}px, ${d[o + 4] - h / 2}px) rotate(${d[o + 7]}rad) scale(${d[o + 5]}, ${d[o + 6]}) skewX(${-d[o + 8]}rad)`;
      if (drawn.transform !== transform) { drawn.transform = transform; span.style.transform = transform; }
      const opacity = d[o + 9] * (d[o + 16] < 1 ? 0.35 + 0.65 * d[o + 16] : 1);
      if (drawn.opacity !== opacity) { drawn.opacity = opacity; span.style.opacity = opacity; }
      const filter = d[o + 10] > 0.01 ? `blur(${d[o + 10]}px)` : "";
      if (drawn.filter !== filter) { drawn.filter = filter; span.style.filter = filter; }
      const tint = d[o + 14];
      const color = tint > 0 ? `color-mix(in srgb, rgb(${255 * d[o + 11]} ${255 * d[o + 12]} ${255 * d[o + 13]}) ${100 * tint}%, currentColor)` : "";
      if (drawn.color !== color) { drawn.color = color; span.style.color = color; }
      if (drawn.z !== i) { drawn.z = i; span.style.zIndex = String(i); }
    }
    for (const [id, span] of this.#spans) {
      if (!seen.has(id)) {
        span.remove();
        this.#spans.delete(id);
      }
    }
    for (let i = 0, o = frame.particleOffset; i < frame.particles; i++, o += 8) {
      let dot = this.#dots[i];
      if (!dot) {
        dot = document.createElement("span");
        dot.className = "particle";
        this.#dots.push(dot);
        this.#layer.append(dot);
      }
      const r = d[o + 2];
      dot.style.width = dot.style.height = `${2 * r}px`;
      dot.style.transform = `translate(${d[o] - r}px, ${d[o + 1] - r}px)`;
      dot.style.opacity = d[o + 3];
      dot.style.display = "";
    }
    for (let i = frame.particles; i < this.#dots.length; i++) this.#dots[i].style.display = "none";
  }
}

if (!customElements.get("kinetype-text")) customElements.define("kinetype-text", KinetypeText);
