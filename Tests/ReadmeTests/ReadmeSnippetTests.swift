import Testing
import TestSupport

/// The README's Swift is real: its manifest resolves this package by path
/// (from a folder named Kinetype, as the README says to clone it) and every
/// other fenced `swift` block compiles as a program against the products that
/// manifest links; a snippet that imports Director alone links Director alone,
/// proving that Director brings what its API takes. Any compiler error fails the test.
@Suite("README snippets")
struct ReadmeSnippetTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// The fenced blocks marked `swift`, in order.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil {
                if trimmed == "```swift" { current = [] }
            } else if trimmed.hasPrefix("```") {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func extractionFindsTheFencedBlocks() {
        let markdown = "text\n```swift\nlet a = 1\n```\n```sh\nls\n```\n  ```swift\nlet b = 2\n  ```\n"
        #expect(Self.swiftBlocks(markdown) == ["let a = 1\n", "let b = 2\n"])
    }

    @Test func everySwiftSnippetCompiles() throws {
        let readme = String(decoding: try readFile(Self.root + "/README.md"), as: UTF8.self)
        let blocks = Self.swiftBlocks(readme)
        let manifests = blocks.filter { $0.hasPrefix("// swift-tools-version") }
        let programs = blocks.filter { !$0.hasPrefix("// swift-tools-version") }
        try #require(manifests.count == 1, "the README should show one Package.swift")
        #expect(programs.count >= 4)

        let dir = try TemporaryDirectory(prefix: "kinetype-readme")
        defer { dir.remove() }
        // ../Kinetype, as the README's manifest names it, is this checkout.
        #expect(symlink(Self.root, dir.path + "/Kinetype") == 0)
        let app = dir.path + "/MyApp"
        #expect(mkdir(app, 0o755) == 0)
        // The README's manifest as written, plus one executable per snippet that
        // links what the README's target links (Director alone for a snippet
        // that imports only Director).
        var manifest = manifests[0]
        for (index, program) in programs.enumerated() {
            let dependencies = Self.importedProducts(program) == ["Director"]
                ? "[.product(name: \"Director\", package: \"Kinetype\")]" : "package.targets[0].dependencies"
            manifest += "package.targets.append(.executableTarget(name: \"Snippet\(index + 1)\", dependencies: \(dependencies)))\n"
        }
        _ = try dir.write(Array(manifest.utf8), to: "MyApp/Package.swift")
        try makeDirectories(app + "/Sources/MyApp")
        _ = try dir.write(Array("print(\"MyApp\")\n".utf8), to: "MyApp/Sources/MyApp/main.swift")
        for (index, program) in programs.enumerated() {
            try makeDirectories(app + "/Sources/Snippet\(index + 1)")
            _ = try dir.write(Array(program.utf8), to: "MyApp/Sources/Snippet\(index + 1)/main.swift")
        }
        let result = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--package-path", app])
        #expect(result.status == 0, "the README's snippets do not compile:\n\(result.standardOutput)\(result.standardError)")
        for line in (result.standardOutput + result.standardError).split(separator: "\n") where line.contains("error:") {
            Issue.record("\(line)")
        }
        guard result.status == 0 else { return }
        // A snippet that says what it prints ("// prints: …") prints exactly that, in order.
        let bin = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--package-path", app, "--show-bin-path"])
        let binPath = String(bin.standardOutput.split(separator: "\n").last ?? "")
        var checked = 0
        for (index, program) in programs.enumerated() {
            let expected = Self.printedLines(program)
            guard !expected.isEmpty else { continue }
            checked += 1
            let run = try ProcessRunner.run(binPath + "/Snippet\(index + 1)", [])
            #expect(run.status == 0, "snippet \(index + 1): \(run)")
            let printed = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(Array(printed.prefix(expected.count)) == expected, "snippet \(index + 1) prints \(printed), the README says \(expected)")
        }
        #expect(checked >= 3, "the README's snippets say what they print")
    }

    /// The library products of this package.
    static let products = ["Analyzer", "Animator", "Pool", "Director", "Effects", "Typesetter", "Render"]

    /// The products a snippet imports, in the order it imports them.
    static func importedProducts(_ program: String) -> [String] {
        program.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("import ") else { return nil }
            let name = line.dropFirst("import ".count).split(separator: " ").first.map(String.init) ?? ""
            return products.contains(name) ? name : nil
        }
    }

    /// A label driven with `import Director` alone: Director brings the layout,
    /// the style, the diff mode and the geometry its API takes.
    @Test func aSnippetDrivesALabelWithDirectorAlone() throws {
        let readme = String(decoding: try readFile(Self.root + "/README.md"), as: UTF8.self)
        let alone = Self.swiftBlocks(readme).filter { Self.importedProducts($0) == ["Director"] }
        #expect(alone.contains { $0.contains("TransitionDirector(") && $0.contains("MonospaceLayout()") && $0.contains(".frame(at:") },
                "no README snippet imports only Director and drives a label")
    }

    /// The lines a snippet says it prints: its `// prints: ` comments, in order.
    static func printedLines(_ program: String) -> [String] {
        program.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("// prints: ") else { return nil }
            return String(trimmed.dropFirst("// prints: ".count))
        }
    }

    private func makeDirectories(_ path: String) throws {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            _ = mkdir(prefix, 0o755)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
