/// A page linking and showing several animations: the showcase's `index.html`.
///
/// Each entry shows its SVG as an image (each plays in isolation, so ids never
/// clash), its title, the command that made it and a link to its own page.
public struct HTMLGallery: Sendable {
    /// One animation in the gallery.
    public struct Entry: Hashable, Sendable {
        /// The heading above it.
        public var title: String
        /// The SVG file, relative to the gallery.
        public var image: String
        /// Its own page (with a replay button), relative to the gallery; nil for none.
        public var page: String?
        /// The command that made it.
        public var command: String?

        /// An entry showing `image` under `title`, linking to `page`, with `command` below.
        public init(title: String, image: String, page: String? = nil, command: String? = nil) {
            self.title = title
            self.image = image
            self.page = page
            self.command = command
        }
    }

    /// The page's title and heading.
    public var title: String
    /// A paragraph under the heading; nil for none.
    public var introduction: String?
    /// The animations, in order.
    public var entries: [Entry]

    /// A gallery of entries under a title.
    public init(title: String, introduction: String? = nil, entries: [Entry]) {
        self.title = title
        self.introduction = introduction
        self.entries = entries
    }

    /// The whole page.
    public var html: String {
        var body = "<main>\n<h1>\(MarkupText.escaped(title, inAttribute: false))</h1>\n"
        if let introduction { body += "<p>\(MarkupText.escaped(introduction, inAttribute: false))</p>\n" }
        for entry in entries {
            body += "<section>\n<h2>\(MarkupText.escaped(entry.title, inAttribute: false))</h2>\n"
            let image = "<img src=\"\(MarkupText.escaped(entry.image))\" alt=\"\(MarkupText.escaped(entry.title))\">"
            if let page = entry.page {
                body += "<figure><a href=\"\(MarkupText.escaped(page))\">\(image)</a></figure>\n"
            } else {
                body += "<figure>\(image)</figure>\n"
            }
            if let command = entry.command {
                body += "<pre><code>$ \(MarkupText.escaped(command, inAttribute: false))</code></pre>\n"
            }
            body += "</section>\n"
        }
        body += "</main>\n"
        return HTMLPage.page(title: title, background: .white, body: body)
    }
}
