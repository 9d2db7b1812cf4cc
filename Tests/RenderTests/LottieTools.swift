#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Render
import Testing
import TestSupport

/// The Python side of the Lottie checks: Tests/Python/lottie_check.py run with
/// the environment `scripts/setup --python` makes (lottie-specs, jsonschema,
/// rlottie-python), or with `$KINETYPE_TEST_PYTHON`.
enum LottieTools {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static let script = root + "/Tests/Python/lottie_check.py"

    static var python: String {
        getenv("KINETYPE_TEST_PYTHON").map { String(cString: $0) } ?? root + "/.build/test-python/bin/python"
    }

    /// Why the tools cannot run, or nil when they can.
    static let unavailable: String? = {
        guard let result = try? ProcessRunner.run(python, ["-c", "import lottie_specs, jsonschema, rlottie_python"]) else {
            return "no Python at \(python)"
        }
        return result.status == 0 ? nil : "the Python packages are missing (\(result.standardError.split(separator: "\n").last ?? ""))"
    }()

    /// The note a skipped check shows.
    static let skipNote: Comment = "needs lottie-specs, jsonschema and rlottie-python: run scripts/setup --python (make test does)"

    /// lottie-web's player script (5.7.5, from the pylottie package `scripts/setup
    /// --python` installs), or nil when it is not there.
    static let lottieWeb: String? = {
        guard unavailable == nil else { return nil }
        let out = root + "/.build/test-python/lottie-web-\(getpid()).js"
        guard let result = try? ProcessRunner.run(python, [script, "lottie-web", out]), result.status == 0,
              let bytes = try? readFile(out)
        else { return nil }
        unlink(out)
        return String(decoding: bytes, as: UTF8.self)
    }()

    /// The note a skipped lottie-web check shows.
    static let lottieWebSkipNote: Comment =
        "needs Chromium (scripts/setup --browser) and lottie-web from the pylottie package (scripts/setup --python); make test installs both"

    /// Frames of a Lottie document as lottie-web draws them (its SVG renderer)
    /// in headless Chromium: one `width` × `height` picture per frame, stacked.
    static func playInChromium(_ json: String, frames: [Int], width: Int, height: Int) throws -> RasterImage {
        guard let player = lottieWeb else { throw TestFailure("lottie-web is not installed") }
        // The document as a JSON script element ("</" cannot close it early).
        let data = json.split(separator: "</", omittingEmptySubsequences: false).joined(separator: "<\\/")
        var page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>html,body{margin:0;background:#fff}"
        page += "div.frame{width:\(width)px;height:\(height)px;overflow:hidden}</style>\n<script>\(player)</script></head><body>\n"
        for k in frames.indices { page += "<div class=\"frame\" id=\"f\(k)\"></div>\n" }
        page += "<script type=\"application/json\" id=\"data\">\(data)</script>\n<script>\n"
        page += "const frames = [\(frames.map(String.init).joined(separator: ","))];\n"
        page += "frames.forEach((frame, k) => {\n"
        page += "  const animation = lottie.loadAnimation({container: document.getElementById('f' + k), renderer: 'svg', "
        page += "loop: false, autoplay: false, animationData: JSON.parse(document.getElementById('data').textContent)});\n"
        page += "  animation.addEventListener('DOMLoaded', () => animation.goToAndStop(frame, true));\n});\n</script></body></html>\n"
        return try screenshot(page, width: width, height: height * frames.count, virtualTime: 5000)
    }

    /// Validates a Lottie file against the lottie-specs schema; the errors when invalid.
    static func validate(_ path: String) throws -> ProcessResult {
        try ProcessRunner.run(python, [script, "validate", path])
    }

    /// Frame `frame` of a Lottie file as rlottie draws it.
    static func render(_ path: String, frame: Int, scratch: String) throws -> RasterImage {
        let result = try ProcessRunner.run(python, [script, "render", path, String(frame), scratch])
        guard result.status == 0 else { throw TestFailure("rlottie could not render frame \(frame): \(result)") }
        let bytes = try readFile(scratch)
        func le32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        let width = le32(0), height = le32(4)
        return RasterImage(width: width, height: height, pixels: Array(bytes[8...]))
    }
}
