import Testing
@testable import KinetypeCLI

/// The showcase's link to the browser playground, from where `kinetype demo` writes it.
struct PlaygroundLinkTests {
    @Test(arguments: [
        ("demo", "../web/playground.html"),
        ("demo/", "../web/playground.html"),
        (".build/showcase", "../../web/playground.html"),
        ("./out/./deep", "../../web/playground.html"),
        (".", "web/playground.html"),
    ])
    func linksBackToTheRepository(directory: String, href: String) {
        #expect(DemoCommand.playgroundLink(from: directory)?.href == href)
    }

    @Test(arguments: ["/tmp/showcase", "../elsewhere"])
    func noLinkFromOutsideTheRepository(directory: String) {
        #expect(DemoCommand.playgroundLink(from: directory) == nil)
    }
}
