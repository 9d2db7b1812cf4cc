#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport

/// The README leads with use (what Kinetype does and its pictures, the two
/// commands, quick starts) and keeps performance short: its table, a few
/// lines, and a link to docs/performance.md, which holds the details. Every
/// link between the repository's documents reaches a file that is there.
@Suite("README layout")
struct ReadmeLayoutTests {
    static let root = ReadmeSnippetTests.root

    static func text(_ path: String) throws -> String {
        String(decoding: try readFile(root + "/" + path), as: UTF8.self)
    }

    /// The `## ` headings, in order.
    static func headings(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// The lines of a `## ` section, its heading excluded.
    static func section(_ name: String, of markdown: String) -> [Substring] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## " + Substring(name)) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    @Test func theReadmeLeadsWithUse() throws {
        let readme = try Self.text("README.md")
        let headings = Self.headings(readme)
        #expect(Array(headings.prefix(2)) == ["Two commands", "Quick starts"], "\(headings)")
        // The pictures come before the first heading.
        let beforeFirst = readme.split(separator: "## ", maxSplits: 1).first ?? ""
        #expect(beforeFirst.contains("<img src=\"docs/showcase.gif\""))
        let quick = Self.section("Quick starts", of: readme)
        #expect(quick.first { $0.hasPrefix("### ") } == "### From the command line")
        #expect(headings.firstIndex(of: "Performance")! > headings.firstIndex(of: "Quick starts")!)
    }

    @Test func performanceIsShortWithItsTableAndALink() throws {
        let readme = try Self.text("README.md")
        let lines = Self.section("Performance", of: readme)
        let table = lines.filter { $0.hasPrefix("|") }
        let prose = lines.filter { !$0.hasPrefix("|") && !$0.isEmpty }
        #expect(table.count >= 10, "the table stays in the README")
        #expect(prose.count <= 12, "\(prose.count) lines of prose around the table")
        #expect(prose.contains { $0.contains("(docs/performance.md") })
        let details = try Self.text("docs/performance.md")
        #expect(details.contains("## Where targets are not met, and why") && details.contains("## How the figures are taken"))
    }

    /// Relative links (`](path)`, `src="path"`) in the README and docs/*.md
    /// lead to files in the repository.
    @Test func linksBetweenDocumentsResolve() throws {
        var documents = ["README.md"]
        documents += TemporaryDirectory.list(Self.root + "/docs").filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for document in documents {
            let markdown = try Self.text(document)
            let folder = document.contains("/") ? String(document[..<document.lastIndex(of: "/")!]) + "/" : ""
            for target in Self.links(markdown) {
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                guard !path.isEmpty else { continue }
                checked += 1
                #expect(access(Self.root + "/" + folder + path, F_OK) == 0, "\(document) links to \(target), which is not there")
            }
        }
        #expect(checked > 30)
    }

    /// The targets of `](…)` and `src="…"` in a document, outside fenced
    /// code blocks (a sample's `src` names a file on the reader's own page).
    static func links(_ markdown: String) -> [String] {
        var prose = ""
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { prose += line + "\n" }
        }
        var found: [String] = []
        for opener in ["](", "src=\""] {
            let closer: Character = opener == "](" ? ")" : "\""
            var rest = Substring(prose)
            while let range = rest.firstRange(of: opener) {
                let after = rest[range.upperBound...]
                guard let end = after.firstIndex(of: closer) else { break }
                found.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return found
    }
}
