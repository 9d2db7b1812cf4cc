/// Which of a stage's templates a sprite moves on (its curves, and its pose unless it
/// has its own), or `none`: a sprite set at rest before any change was planned moves on
/// none. 16 bits, so that a sprite's row stays compact; a stage holds fewer templates
/// than that (`RunStage.template(_:ownsSeed:)` stops at the limit).
package struct TemplateID: Equatable, BitwiseCopyable {
    /// The index into the stage's template tables, or `UInt16.max` for `none`.
    private(set) var raw: UInt16

    /// No template.
    static var none: TemplateID { TemplateID(raw: .max) }

    /// The most templates a stage can name.
    static var limit: Int { Int(UInt16.max) }

    /// Template `index` of the stage's tables.
    @inline(__always) init(_ index: Int) {
        assert(index >= 0 && index < Self.limit, "a template index out of range")
        raw = UInt16(truncatingIfNeeded: index)
    }

    private init(raw: UInt16) { self.raw = raw }

    var exists: Bool { @inline(__always) get { raw != .max } }
    var isNone: Bool { @inline(__always) get { raw == .max } }
    /// Its index in the template tables (only for one that exists).
    var index: Int {
        @inline(__always) get {
            assert(raw != .max, "the index of no template")
            return Int(raw)
        }
    }
}
