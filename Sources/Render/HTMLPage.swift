/// A web page that plays an animated SVG inline, with a replay button, a
/// title and the command that made it.
///
/// ```swift
/// let svg = try SVGRenderer().animated(timeline)
/// let page = HTMLPage(title: "Send Action → Action Sent", svg: svg,
///                     command: "kinetype render 'Send Action' 'Action Sent' -o send.html")
/// try TextFile.write(page.html, to: "send.html")
/// ```
///
/// The replay button swaps the SVG for a fresh copy of itself, which restarts
/// every CSS animation in it (one line of script; the page works without it).
/// The title and the command are escaped; the SVG is trusted as it is (make
/// it with ``SVGRenderer``, whose output escapes the input text).
public struct HTMLPage: Sendable {
    /// The page's title and heading.
    public var title: String
    /// The SVG document, embedded inline.
    public var svg: String
    /// The command that made the page, shown under it; nil for none.
    public var command: String?
    /// The page's background.
    public var background: RenderColor

    /// A page showing `svg` under `title`, with `command` below it.
    public init(title: String, svg: String, command: String? = nil, background: RenderColor = .white) {
        self.title = title
        self.svg = svg
        self.command = command
        self.background = background
    }

    /// The whole page.
    public var html: String {
        beforeSVG + Self.inlined(svg) + afterSVG
    }

    /// Writes the page to `path`, whole or not at all, without first copying
    /// the SVG into one string with the rest.
    ///
    /// - Throws: ``RenderError`` `.cannotWrite` naming the path and the reason.
    public func write(to path: String) throws(RenderError) {
        try Self.write(to: path, title: title, command: command, background: background) {
            (emit: (String) throws(RenderError) -> Void) throws(RenderError) in try emit(Self.inlined(svg))
        }
    }

    /// Writes a page whose SVG `svg` hands to its argument in pieces (an
    /// ``SVGRenderer`` writing as it goes), so the SVG is never held whole.
    static func write(
        to path: String, title: String, command: String?, background: RenderColor,
        svg: ((String) throws(RenderError) -> Void) throws(RenderError) -> Void
    ) throws(RenderError) {
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in
            let page = HTMLPage(title: title, svg: "", command: command, background: background)
            try file.writeAll(page.beforeSVG)
            try svg { (piece: String) throws(RenderError) in try file.writeAll(piece) }
            try file.writeAll(page.afterSVG)
        }
    }

    /// The page up to the SVG.
    private var beforeSVG: String {
        Self.head(title: title, background: background)
            + "<main>\n<h1>\(MarkupText.escaped(title, inAttribute: false))</h1>\n<figure id=\"stage\">\n"
    }

    /// The page after the SVG.
    private var afterSVG: String {
        var tail = "</figure>\n<p><button type=\"button\" id=\"replay\">Replay</button></p>\n"
        if let command {
            tail += "<pre><code>$ \(MarkupText.escaped(command, inAttribute: false))</code></pre>\n"
        }
        tail += "</main>\n"
        tail += "<script>\ndocument.getElementById(\"replay\").addEventListener(\"click\", function () {\n"
        tail += "  var old = document.querySelector(\"#stage svg\");\n  if (old) old.replaceWith(old.cloneNode(true));\n});\n</script>\n"
        return tail + Self.tail
    }

    /// The SVG without an XML declaration, ready to sit in HTML.
    static func inlined(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: ">") else { return svg }
        return String(svg[svg.index(after: end)...]).drop(while: \.isNewline).description
    }

    static func page(title: String, background: RenderColor, body: String, extraStyle: String = "") -> String {
        head(title: title, background: background, extraStyle: extraStyle) + body + tail
    }

    /// A page's start, up to and including `<body>`.
    static func head(title: String, background: RenderColor, extraStyle: String = "") -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(MarkupText.escaped(title, inAttribute: false))</title>\n<style>\n"
        out += "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:\(background.rgbHex);color:#1d1d1f}\n"
        out += "main{max-width:960px;margin:0 auto;padding:24px}\n"
        out += "h1{font-size:1.4em;font-weight:600}\nh2{font-size:1.1em;font-weight:600;margin:0 0 8px}\n"
        out += "figure{margin:0;overflow:auto}\nfigure svg,figure img{max-width:100%;height:auto}\n"
        out += "pre{background:#f4f4f6;padding:8px 12px;border-radius:6px;overflow:auto;white-space:pre-wrap}\n"
        out += "section{margin:0 0 32px}\nbutton{font:inherit;padding:4px 14px}\n"
        out += extraStyle
        out += "</style>\n</head>\n<body>\n"
        return out
    }

    /// A page's end, after its body.
    static let tail = "</body>\n</html>\n"
}
