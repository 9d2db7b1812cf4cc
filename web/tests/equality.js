// Replays the native engine's calls (reference.json, written by
// `kinetype-web-native reference`) through kinetype.wasm and compares every
// frame: the same sprites, ids, symbols, roles, particles and events, and
// every number bit for bit (the engine computes its sines, exponentials and
// the rest itself, the same way on both, rather than asking the C library).
// It counts the numbers that are the same bits and the largest distance.

const FIELDS = ["id", "role", "x", "y", "scaleX", "scaleY", "rotation", "skew", "opacity", "blur", "tintRed", "tintGreen",
  "tintBlue", "tintAlpha", "strokeEnd", "fill", "width", "height", "baselineOffset"];
const ROLES = ["exiting", "persisting", "entering"];
const PARTICLE = ["x", "y", "radius", "opacity", "red", "green", "blue", "alpha"];

const text = (scalars) => String.fromCodePoint(...scalars);

const bits = new Float64Array(2);
const words = new BigInt64Array(bits.buffer);

/** How many doubles lie between a and b (0 when they are the same bits). */
export function ulps(a, b) {
  if (Object.is(a, b)) return 0;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Infinity;
  bits[0] = a; bits[1] = b;
  // Map the sign-magnitude bit patterns onto a line of integers.
  const line = (w) => (w < 0n ? -(w & 0x7fffffffffffffffn) : w);
  const d = line(words[0]) - line(words[1]);
  return Number(d < 0n ? -d : d);
}

/** Plays every case; returns `{cases, frames, sprites, numbers, identical,
 * maxUlps, worst, mismatches: [first few]}`: numbers further apart than
 * `tolerance` (relative above 1; 0: any difference in the bits), and any
 * difference in kind (counts, ids, symbols, roles, events), are mismatches. */
export function compareWithNative(kt, reference, tolerance = 0) {
  const mismatches = [];
  let frames = 0, sprites = 0, numbers = 0, identical = 0, maxUlps = 0, worst = "";
  const compare = (actual, expected, where) => {
    numbers++;
    const d = ulps(actual, expected);
    if (d === 0) { identical++; return true; }
    if (d > maxUlps) { maxUlps = d; worst = `${where}: ${actual} vs native ${expected}`; }
    return tolerance > 0 && Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));
  };
  for (const c of reference.cases) {
    const director = kt.director({
      text: text(c.text), effect: c.effect, style: c.style, mode: c.mode, seed: c.seed, preference: "alwaysAnimate",
    });
    let k = 0;
    const note = (what) => { if (mismatches.length < 20) mismatches.push(`${c.name}: ${what}`); };
    for (const op of c.ops) {
      if (op[0] === "set") { director.setText(text(op[1]), op[2]); continue; }
      const frame = director.frame(op[1]);
      const expected = c.frames[k++];
      frames++;
      if (frame.sprites.length !== expected.sprites.length) {
        note(`t = ${op[1]}: ${frame.sprites.length} sprites, native ${expected.sprites.length}`);
        continue;
      }
      frame.sprites.forEach((sprite, i) => {
        sprites++;
        const [symbol, ...values] = expected.sprites[i];
        if (sprite.symbol !== text(symbol)) note(`t = ${op[1]}, sprite ${i}: symbol ${sprite.symbol} ≠ ${text(symbol)}`);
        FIELDS.forEach((name, j) => {
          const where = `${c.name}, t = ${op[1]}, sprite ${i} (${sprite.symbol}) ${name}`;
          if (name === "role" || name === "id") {
            const actual = name === "role" ? ROLES.indexOf(sprite.role) : sprite.id;
            if (actual !== values[j]) note(`${where}: ${actual} ≠ native ${values[j]}`);
          } else if (!compare(sprite[name], values[j], where)) {
            note(`${where}: ${sprite[name]} ≠ native ${values[j]} (${ulps(sprite[name], values[j])} ULPs)`);
          }
        });
      });
      if (frame.particles.length !== expected.particles.length) note(`t = ${op[1]}: ${frame.particles.length} particles, native ${expected.particles.length}`);
      else frame.particles.forEach((p, i) => PARTICLE.forEach((name, j) => {
        const where = `${c.name}, t = ${op[1]}, particle ${i} ${name}`;
        if (!compare(p[name], expected.particles[i][j], where)) note(`${where}: ${p[name]} ≠ native ${expected.particles[i][j]}`);
      }));
    }
    const events = director.events.map((e) => [e.t, e.kind, e.transition]);
    if (JSON.stringify(events) !== JSON.stringify(c.events)) note(`events ${JSON.stringify(events)} ≠ native ${JSON.stringify(c.events)}`);
    director.dispose();
  }
  return { cases: reference.cases.length, frames, sprites, numbers, identical, maxUlps, worst, mismatches };
}
