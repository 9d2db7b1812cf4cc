import Testing
import TestSupport

/// `make docs` (scripts/docs) builds the seven library modules' DocC archives
/// from their own build (the library targets only: a fresh clone's
/// `dump-symbol-graph` failed on the test targets), and ends by saying how to
/// read them.
@Suite("make docs")
struct DocsScriptTests {
    @Test func theScriptWritesSevenArchivesAndSaysHowToServeThem() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-docs")
        defer { dir.remove() }
        let run = try ProcessRunner.run(ReadmeSnippetTests.root + "/scripts/docs", [dir.path + "/docs"])
        #expect(run.status == 0, "\(run)")
        let modules = ["Analyzer", "Animator", "Director", "Effects", "Pool", "Render", "Typesetter"]
        #expect(dir.list("docs") == modules.map { $0 + ".doccarchive" })
        for module in modules {
            // Made for static hosting under its own folder: the module's page is there.
            let page = "docs/\(module).doccarchive/documentation/\(module.lowercased())/index.html"
            #expect(dir.read(page) != nil, "no \(page)")
        }
        // Director re-exports Analyzer, Animator and Pool; its archive documents its own types only.
        let director = dir.list("docs/Director.doccarchive/documentation/director")
        #expect(director.contains("transitiondirector") && !director.contains("monospacelayout") && !director.contains("spritepool"), "\(director)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.last?.drop { $0 == " " } == "python3 -m http.server 8000 --directory \(dir.path)/docs", "\(run.standardOutput)")
        #expect(run.standardOutput.contains("http://localhost:8000/Render.doccarchive/documentation/render/"))
        #expect(!(run.standardOutput + run.standardError).contains("KinetypePackageTests"))
    }
}
