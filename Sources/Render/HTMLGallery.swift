/// A page linking and showing several animations: the showcase's `index.html`.
///
/// Entries sit in groups (text, numbers, scripts, …), each group a heading and
/// a grid of cards. A card shows its animation, its title, the command that
/// made it and a link to its own page: an SVG, GIF, WebP or PNG as an image
/// (each plays in isolation, so ids never clash), an MP4 or WebM as a video
/// that plays muted and loops.
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
        /// The heading of the group it is shown under; nil for none.
        public var group: String?

        /// An entry showing `image` under `title`, linking to `page`, with `command` below.
        public init(title: String, image: String, page: String? = nil, command: String? = nil, group: String? = nil) {
            self.title = title
            self.image = image
            self.page = page
            self.command = command
            self.group = group
        }

        /// Whether the file is a video (`.mp4`, `.webm`, `.mov`), shown with a player rather than as an image.
        var isVideo: Bool { VideoFormat(path: image) != nil }
    }

    /// A link shown under the introduction, to a page that goes with the gallery.
    public struct Link: Hashable, Sendable {
        /// The words of the link.
        public var title: String
        /// Where it leads, relative to the gallery or absolute.
        public var href: String
        /// What follows the link, in the same line; nil for nothing.
        public var note: String?

        /// A link to `href` reading `title`, then `note`.
        public init(title: String, href: String, note: String? = nil) {
            self.title = title
            self.href = href
            self.note = note
        }
    }

    /// The page's title and heading.
    public var title: String
    /// A paragraph under the heading; nil for none.
    public var introduction: String?
    /// Links under the introduction, one a line (the playground, say).
    public var links: [Link]
    /// The animations, in order.
    public var entries: [Entry]

    /// A gallery of entries under a title.
    public init(title: String, introduction: String? = nil, links: [Link] = [], entries: [Entry]) {
        self.title = title
        self.introduction = introduction
        self.links = links
        self.entries = entries
    }

    /// The whole page: the entries in their groups, in the order each group first appears.
    public var html: String {
        var body = "<main class=\"gallery\">\n<h1>\(MarkupText.escaped(title, inAttribute: false))</h1>\n"
        if let introduction { body += "<p>\(MarkupText.escaped(introduction, inAttribute: false))</p>\n" }
        for link in links {
            body += "<p class=\"link\"><a href=\"\(MarkupText.escaped(link.href))\">\(MarkupText.escaped(link.title, inAttribute: false))</a>"
            if let note = link.note { body += " \(MarkupText.escaped(note, inAttribute: false))" }
            body += "</p>\n"
        }
        var groups: [String?] = []
        for entry in entries where !groups.contains(entry.group) { groups.append(entry.group) }
        for group in groups {
            if let group { body += "<h2>\(MarkupText.escaped(group, inAttribute: false))</h2>\n" }
            body += "<div class=\"cards\">\n"
            for entry in entries where entry.group == group { body += card(entry) }
            body += "</div>\n"
        }
        body += "</main>\n"
        return HTMLPage.page(title: title, background: .white, body: body, extraStyle: Self.style)
    }

    /// The grid: cards at least 280 pixels wide, pictures fitted inside a fixed
    /// frame so a tall one does not overflow, on the card's own white (a
    /// picture narrower than the frame leaves no grey band beside it), and
    /// commands that wrap, even inside a long word, instead of scrolling.
    static let style = """
        .gallery{max-width:1200px}
        .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:20px;margin:0 0 32px}
        .card{border:1px solid #e4e4e8;border-radius:10px;padding:12px;display:flex;flex-direction:column;gap:8px;margin:0;min-width:0}
        .card h3{font-size:0.95em;font-weight:600;margin:0}
        .card figure{display:flex;align-items:center;justify-content:center;height:180px;overflow:hidden}
        .card figure a{display:block;width:100%;height:100%}
        .card figure img,.card figure video{display:block;width:100%;height:100%;object-fit:contain}
        .card pre{font-size:0.75em;margin:0;overflow:visible;white-space:pre-wrap;overflow-wrap:anywhere}

        """

    private func card(_ entry: Entry) -> String {
        var card = "<section class=\"card\">\n<h3>\(MarkupText.escaped(entry.title, inAttribute: false))</h3>\n"
        let media = entry.isVideo
            ? "<video src=\"\(MarkupText.escaped(entry.image))\" autoplay loop muted playsinline title=\"\(MarkupText.escaped(entry.title))\"></video>"
            : "<img src=\"\(MarkupText.escaped(entry.image))\" alt=\"\(MarkupText.escaped(entry.title))\">"
        if let page = entry.page {
            card += "<figure><a href=\"\(MarkupText.escaped(page))\">\(media)</a></figure>\n"
        } else {
            card += "<figure>\(media)</figure>\n"
        }
        if let command = entry.command {
            card += "<pre><code>$ \(MarkupText.escaped(command, inAttribute: false))</code></pre>\n"
        }
        return card + "</section>\n"
    }
}
