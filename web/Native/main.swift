// The native side of the web tests and benchmark (scripts/web-test, scripts/wasm-bench):
//
//   kinetype-web-native reference CORPUS.json OUT.json
//       plays every case of the corpus with the Swift API (TransitionDirector)
//       and writes the calls made and every frame's numbers, printed so that
//       JavaScript parses them back to the same bits: the browser replays the
//       calls through kinetype.wasm and compares.
//   kinetype-web-native bench OUT.json
//       times, natively, what the browser benchmark times in Chromium.
import Analyzer
import Animator
import Director
import Effects

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    var line = "kinetype-web-native: \(message)\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(1)
}

func readFile(_ path: String) -> String {
    guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ text: String, to path: String) {
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    var text = text
    text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
}

/// A number as JSON that parses back to the same bits (Swift prints the
/// shortest decimal that round-trips; JavaScript's parser rounds correctly).
func number(_ value: Double) -> String {
    guard value.isFinite else { fail("a frame holds \(value)") }
    return "\(value)"
}

/// A string as the list of its Unicode scalars: no escaping to get wrong.
func scalars(_ text: String) -> String {
    "[" + text.unicodeScalars.map { String($0.value) }.joined(separator: ",") + "]"
}

// MARK: The corpus

func field(_ node: JSONNode, _ name: String) -> JSONNode? {
    guard case .object(let members) = node.value else { return nil }
    return members.first { $0.key == name }?.node
}

func string(_ node: JSONNode?) -> String? {
    if case .string(let value)? = node?.value { return value }
    return nil
}

func double(_ node: JSONNode?) -> Double? {
    if case .number(let value)? = node?.value { return value }
    return nil
}

func strings(_ node: JSONNode?) -> [String] {
    guard case .array(let items)? = node?.value else { return [] }
    return items.compactMap { string($0) }
}

func reference(corpus path: String, output: String) {
    let root: JSONNode
    do { root = try JSONReader.parse(readFile(path)) } catch { fail("\(path): \(error.message)") }
    let fps = double(field(root, "fps")) ?? 20
    let effects = strings(field(root, "effects")), styles = strings(field(root, "styles"))
    guard case .array(let sets)? = field(root, "texts")?.value else { fail("\(path): no texts") }
    var cases: [String] = []
    for (e, effectName) in effects.enumerated() {
        for (s, set) in sets.enumerated() {
            let texts = strings(field(set, "texts"))
            let interval = double(field(set, "interval")) ?? 0.5
            let modeName = string(field(set, "mode")) ?? "morph"
            let styleName = styles[(e + s) % styles.count]
            let seed = UInt64(cases.count)
            let effect: AnyEffect
            do { effect = try EffectRegistry.standard.effect(named: effectName) } catch { fail(error.message) }
            let mode: DiffMode = modeName == "numeric" ? .numeric() : modeName == "replace" ? .replace : .morph
            let director = TransitionDirector(
                text: texts[0], layout: AnyLayout(MonospaceLayout()), effect: effect,
                style: MotionStyle.preset(named: styleName) ?? .snappy, mode: mode, preference: .alwaysAnimate, seed: seed)
            var ops: [String] = []
            var frames: [String] = []
            var next = 1
            let lastSet = Double(texts.count - 1) * interval
            var i = 0
            while true {
                let t = Double(i) / fps
                while next < texts.count, Double(next) * interval <= t {
                    _ = director.setText(texts[next], at: Double(next) * interval)
                    ops.append("[\"set\",\(scalars(texts[next])),\(number(Double(next) * interval))]")
                    next += 1
                }
                let frame = director.frame(at: t)
                ops.append("[\"frame\",\(number(t))]")
                var sprites: [String] = []
                for sprite in frame.sprites {
                    let s = sprite.state
                    let values = [
                        Double(sprite.id), Double(sprite.role.rawValue), s.position.x, s.position.y, s.scaleX, s.scaleY,
                        s.rotation, s.skew, s.opacity, s.blur, s.tint.red, s.tint.green, s.tint.blue, s.tint.alpha,
                        s.strokeEnd, s.fill, sprite.boxSize.width, sprite.boxSize.height, sprite.baselineOffset,
                    ]
                    sprites.append(
                        "[\(scalars(String(frame.symbol(of: sprite)))),\(values.map(number).joined(separator: ","))]")
                }
                let particles = frame.particles.map { p in
                    [p.position.x, p.position.y, p.radius, p.opacity, p.color.red, p.color.green, p.color.blue, p.color.alpha]
                        .map(number).joined(separator: ",")
                }
                frames.append("{\"sprites\":[\(sprites.joined(separator: ","))],\"particles\":[\(particles.map { "[\($0)]" }.joined(separator: ","))]}")
                i += 1
                if t >= lastSet && !director.isAnimating || t > lastSet + 4 { break }
            }
            let events = director.events.map { "[\(number($0.time)),\"\($0.kind.rawValue)\",\($0.transition)]" }
            cases.append(
                """
                {"name":"\(effectName) · \(string(field(set, "name")) ?? "")","effect":"\(effectName)","style":"\(styleName)",\
                "mode":"\(modeName)","seed":\(seed),"text":\(scalars(texts[0])),"ops":[\(ops.joined(separator: ","))],\
                "frames":[\(frames.joined(separator: ",\n"))],"events":[\(events.joined(separator: ","))]}
                """)
        }
    }
    writeFile("{\"cases\":[\n" + cases.joined(separator: ",\n") + "\n]}\n", to: output)
    print("kinetype-web-native: \(cases.count) cases written to \(output)")
}

// MARK: The benchmark

/// The median and 99th percentile of `body`'s time, in nanoseconds per call,
/// over batches of `batch` calls (after a warm-up batch).
func measure(batches: Int = 101, batch: Int, _ body: () -> Int) -> (median: Double, p99: Double) {
    var sink = 0
    for _ in 0..<batch { sink &+= body() }
    var samples: [Double] = []
    for _ in 0..<batches {
        let start = monotonicNanoseconds()
        for _ in 0..<batch { sink &+= body() }
        samples.append(Double(monotonicNanoseconds() - start) / Double(batch))
    }
    if sink == 42 { print("") }
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)])
}

func bench(output: String) {
    let labels = BenchTexts.label
    var rows: [String] = []
    func row(_ name: String, _ result: (median: Double, p99: Double), per: Double = 1) {
        rows.append("{\"case\":\"\(name)\",\"median\":\(number(result.median / per)),\"p99\":\(number(result.p99 / per))}")
    }
    for interrupting in [false, true] {
        let director = TransitionDirector(
            text: labels[0], layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20)), preference: .alwaysAnimate)
        let step = interrupting ? 0.05 : 2.0
        var t = 0.0, k = 0
        row(interrupting ? "setText interrupting" : "setText settled", measure(batch: 50) {
            k &+= 1
            t += step
            let sprites = director.setText(labels[k & 1], at: t).sprites
            // As kinetype.js does: take the events in batches, so that they do not pile up in the Director.
            if director.events.count >= 32 { _ = director.drainEvents() }
            return sprites
        })
    }
    let (old, new) = BenchTexts.paragraph(glyphs: 10_000)
    let director = TransitionDirector(
        text: old, layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 1200)),
        preference: .alwaysAnimate, poolCapacity: 20_000)
    let duration = director.setText(new, at: 0).duration
    // Per sprite of the frame, as the browser counts them (the visible sprites of the last frame timed).
    // Batches of 16 frames: the browser's clock ticks in 0.1 ms, 0.6 ns a sprite at this size.
    var i = 0, sprites = 0
    let timing = measure(batches: 51, batch: 16) {
        i &+= 1
        sprites = director.frame(at: duration * 0.9 * Double(i & 255) / 256).sprites.count
        return sprites
    }
    row("frame(at:) per sprite, 10,000 glyphs", timing, per: Double(sprites))
    writeFile(
        "{\"sprites\":\(sprites),\"duration\":\(number(duration)),\"rows\":[\(rows.joined(separator: ","))]}\n",
        to: output)
    print("kinetype-web-native: benchmark written to \(output)")
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "reference" where arguments.count == 4: reference(corpus: arguments[2], output: arguments[3])
case "bench" where arguments.count == 3: bench(output: arguments[2])
case "texts" where arguments.count == 2:
    let (old, new) = BenchTexts.paragraph(glyphs: 10_000)
    print("{\"label\":[\(scalars(BenchTexts.label[0])),\(scalars(BenchTexts.label[1]))],\"old\":\(scalars(old)),\"new\":\(scalars(new))}")
default:
    fail("usage: kinetype-web-native reference CORPUS.json OUT.json | bench OUT.json | texts")
}
