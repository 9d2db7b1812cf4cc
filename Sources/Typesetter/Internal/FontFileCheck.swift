/// Checks a font file before FreeType opens it (and a pen file before it is
/// read), so that the error can say what is wrong. FreeType quietly drops
/// tables that run past the end of the file and then reports a truncated font
/// as an "unknown format", or opens it with tables missing; reading the table
/// directory ourselves tells a truncated font from a file that is not a font
/// at all.
enum FontFileCheck {
    enum Verdict: Equatable {
        /// The file starts like an sfnt (TrueType/OpenType) font or collection
        /// and every table of the chosen face lies inside the file.
        case sfnt
        /// The file does not start like an sfnt font; FreeType decides.
        case notSfnt
        /// The file starts like an sfnt font but is cut short or inconsistent.
        case damaged(String)
    }

    /// The size of the font or pen file at `path`, or the error saying why it
    /// cannot be read: a NUL in the path, no such file (`missing`, told whether
    /// a part of the path is a file), a loop of links, a path too long, not a
    /// regular file (`notRegular`), no permission.
    static func size(
        ofFile path: String, missing: (_ partNotAFolder: Bool) -> TypesetterError,
        notRegular: @autoclosure () -> TypesetterError
    ) throws(TypesetterError) -> Int {
        // A C path ends at its first NUL: "a.ttf\0b" would open "a.ttf".
        guard !path.utf8.contains(0) else { throw .pathWithNUL(path) }
        switch Platform.status(ofFile: path) {
        case .missing(let notAFolder): throw missing(notAFolder)
        case .symbolicLinkLoop: throw .symbolicLinkLoop(path)
        case .nameTooLong: throw .pathTooLong(path)
        case .notRegularFile: throw notRegular()
        case .unreadable(let reason): throw .unreadableFile(path, reason: reason)
        case .regular(let bytes): return bytes
        }
    }

    /// Inspects the table directory of face `index` (for collections) of the file at `path`.
    ///
    /// - Complexity: O(t) in the number of tables (at most a few dozen).
    static func inspect(path: String, fileSize: Int, faceIndex: Int) -> Verdict {
        let header = Platform.readBytes(ofFile: path, offset: 0, count: 12)
        guard header.count >= 4 else { return .notSfnt }
        var directoryOffset = 0
        switch u32(header, 0) {
        case 0x7474_6366: // "ttcf"
            guard header.count == 12 else { return .damaged("the collection header is cut short") }
            let faces = Int(u32(header, 8))
            guard faceIndex < faces else { return .damaged("the collection has \(faces) faces, face \(faceIndex) was asked for") }
            let entry = Platform.readBytes(ofFile: path, offset: 12 + 4 * faceIndex, count: 4)
            guard entry.count == 4 else { return .damaged("the collection's face table is cut short") }
            directoryOffset = Int(u32(entry, 0))
        case 0x0001_0000, 0x4F54_544F, 0x7472_7565, 0x7479_7031: // 1.0, "OTTO", "true", "typ1"
            directoryOffset = 0
        default:
            return .notSfnt
        }
        let sfntHeader = Platform.readBytes(ofFile: path, offset: directoryOffset, count: 12)
        guard sfntHeader.count == 12 else { return .damaged("the table directory is cut short") }
        let tableCount = Int(u16(sfntHeader, 4))
        guard tableCount > 0 else { return .damaged("the table directory is empty") }
        let records = Platform.readBytes(ofFile: path, offset: directoryOffset + 12, count: 16 * tableCount)
        guard records.count == 16 * tableCount else { return .damaged("the table directory is cut short") }
        for i in 0..<tableCount {
            let name = tag(records, 16 * i)
            let offset = Int(u32(records, 16 * i + 8))
            let length = Int(u32(records, 16 * i + 12))
            if offset + length > fileSize {
                return .damaged("table '\(name)' ends at byte \(offset + length) but the file has \(fileSize) bytes")
            }
        }
        return .sfnt
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// A four-byte table tag as text; bytes outside printable ASCII become "?".
    private static func tag(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<at + 4].map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
