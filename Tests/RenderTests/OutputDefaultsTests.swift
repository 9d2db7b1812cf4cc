import Render
import Testing
import TestSupport

/// What `render` makes of one command in each animated format: the same
/// length, the same hold on the final text (a second), and `--scale` for
/// sharper pictures.
@Suite("render's animated formats alike")
struct OutputDefaultsTests {
    func render(_ options: [String], to path: String) throws -> String {
        let run = try ProcessRunner.runProduct("kinetype", ["render", "Send Action", "Action Sent", "-o", path] + options)
        guard run.status == 0 else { throw TestFailure("kinetype failed: \(run)") }
        return run.standardOutput
    }

    /// GIF, WebP, Lottie and MP4 play equally long and hold the final text
    /// equally long: a Lottie file once held none where the GIF held a second.
    @Test func gifWebPLottieAndVideoHoldTheFinalTextAlike() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-hold")
        defer { dir.remove() }
        var summaries: [String: String] = [:]
        for format in ["gif", "webp", "json", "mp4"] { summaries[format] = try render([], to: dir.path + "/send.\(format)") }
        let gif = try decodeGIF(dir.path + "/send.gif")
        let webp = try decodeWebP(dir.path + "/send.webp")
        let video = try decodeVideo(dir.path + "/send.mp4")
        let lottie = try JSONValue(parsing: String(decoding: try readFile(dir.path + "/send.json"), as: UTF8.self))
        let fps = try #require(lottie["fr"]?.doubleValue), frames = try #require(lottie["op"]?.doubleValue)
        let lengths = [
            "gif": Double(gif.durations.reduce(0, +)) / 100, "webp": Double(webp.durations.reduce(0, +)) / 1000,
            "json": frames / fps, "mp4": Double(video.frameCount) / video.frameRate,
        ]
        // GIF counts in hundredths of a second, the others closer.
        for (format, length) in lengths { #expect(abs(length - lengths["mp4"]!) <= 0.011, "\(format) plays \(length) s: \(lengths)") }
        // Each says the same length.
        let said = Set(summaries.values.map { String($0.split(separator: " ").last!.dropLast(3)) })
        #expect(said.count == 1, "\(summaries)")
        // The final picture lasts the hold (a second) and a frame, or a little
        // more where the last moves are too small to change a pixel, alike in GIF and WebP.
        let gifHold = Double(gif.durations.last!) / 100, webpHold = Double(webp.durations.last!) / 1000
        #expect(gifHold >= 1 + 1 / fps - 0.011 && gifHold < 1.2, "\(gif.durations)")
        #expect(abs(gifHold - webpHold) <= 0.011, "GIF \(gifHold) s, WebP \(webpHold) s")
        // In the Lottie file nothing moves in the last second: every animated
        // property keeps its value from the hold's start to the end (within
        // what thinning keyframes allows: a tenth of a percent of scale, half a percent of opacity).
        let holdStart = frames - fps
        var checked = 0
        func value(_ keyframes: [JSONValue], at t: Double) -> [Double] {
            let times = keyframes.map { $0["t"]?.doubleValue ?? 0 }
            let values = keyframes.map { ($0["s"]?.arrayValue ?? []).compactMap(\.doubleValue) }
            guard let next = times.firstIndex(where: { $0 >= t }) else { return values.last! }
            guard next > 0, times[next] > times[next - 1] else { return values[next] }
            let f = (t - times[next - 1]) / (times[next] - times[next - 1])
            return zip(values[next - 1], values[next]).map { $0 + ($1 - $0) * f }
        }
        func walk(_ item: JSONValue) {
            if let items = item.arrayValue { items.forEach(walk) }
            guard item.arrayValue == nil, item.stringValue == nil, item.doubleValue == nil else { return }
            if item["a"]?.doubleValue == 1, let keyframes = item["k"]?.arrayValue, keyframes.first?["t"] != nil {
                let start = value(keyframes, at: holdStart), end = value(keyframes, at: frames - 1)
                #expect(zip(start, end).allSatisfy { abs($0 - $1) <= 0.5 }, "\(start) at the hold's start, \(end) at the end")
                checked += 1
                return
            }
            for key in ["layers", "ks", "shapes", "it", "p", "s", "r", "o", "a", "c", "e", "sk"] { if let inner = item[key] { walk(inner) } }
        }
        walk(lottie)
        #expect(checked > 10)
    }

    @Test func scaleDrawsPicturesLargerBySoMuch() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-scale")
        defer { dir.remove() }
        for format in ["png", "gif", "webp"] {
            _ = try render([], to: dir.path + "/one.\(format)")
            _ = try render(["--scale", "2.5"], to: dir.path + "/big.\(format)")
        }
        let one = try decodePNG(dir.path + "/one.png"), big = try decodePNG(dir.path + "/big.png")
        #expect(abs(big.width - 5 * one.width / 2) <= 2 && abs(big.height - 5 * one.height / 2) <= 2, "\(one.width)×\(one.height) → \(big.width)×\(big.height)")
        let gif = try decodeGIF(dir.path + "/big.gif"), webp = try decodeWebP(dir.path + "/big.webp")
        #expect(gif.width == big.width && gif.height == big.height && webp.width == big.width && webp.height == big.height)
        // Sharper, not stretched: more ink pixels in proportion to the area.
        func ink(_ image: RasterImage) -> Int {
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].red < 128 { count += 1 } }
            return count
        }
        let ratio = Double(ink(big)) / Double(ink(one))
        #expect(ratio > 5.5 && ratio < 7, "ink grew \(ratio)× for 6.25× the area")
        _ = try render(["--scale", "2", "--even"], to: dir.path + "/big.mp4")
        let video = try decodeVideo(dir.path + "/big.mp4")
        #expect(abs(video.width - 2 * one.width) <= 2 && abs(video.height - 2 * one.height) <= 2)
    }

    @Test func scaleIsCheckedAndExclusiveWithASize() throws {
        for (options, message) in [
            (["--scale", "2", "--width", "300"], "--scale sets pixels per point and --width/--height fit the animation into a size; give one or the other"),
            (["--scale", "0"], "invalid value '0' for --scale: expected a number of pixels per point in (0, 16]"),
            (["--scale", "17"], "invalid value '17' for --scale"),
        ] {
            let run = try ProcessRunner.runProduct("kinetype", ["render", "a", "-o", "/dev/null", "--format", "png"] + options)
            #expect(run.status == 2 && run.standardError.contains(message), "\(options): \(run)")
        }
    }
}
