import Animator

/// The pictures of a Lottie file's colour glyphs: each distinct one once, as
/// an embedded PNG asset (`"e":1`, a `data:` URL), named `image_0`, `image_1`, …
struct ImageAssets {
    private var ids: [String: String] = [:]
    private var entries: [String] = []

    /// The asset id of a picture (keyed by its drawing and place in it), adding it on first use; nil if it cannot be encoded.
    mutating func id(of image: GlyphImage, key: String) -> String? {
        if let known = ids[key] { return known }
        guard let url = try? CairoCanvas.pngDataURL(of: image) else { return nil }
        let id = "image_\(entries.count)"
        ids[key] = id
        entries.append(
            "{\"id\":\"\(id)\",\"w\":\(image.width),\"h\":\(image.height),\"u\":\"\",\"p\":\"\(url)\",\"e\":1}")
        return id
    }

    /// The assets as the members of a JSON array.
    var json: String { entries.joined(separator: ",") }
}
