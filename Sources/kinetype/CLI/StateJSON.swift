import Animator
import Pool

/// JSON shapes shared by the commands that print engine state.
enum StateJSON {
    /// A number rounded to 1e-6: enough for any renderer, short to read, and the
    /// same on every run.
    static func number(_ value: Double) -> JSONValue {
        .number((value * 1_000_000).rounded() / 1_000_000)
    }

    /// A glyph state's channels, keyed as in docs/json.md (and `GlyphChannel`),
    /// all scalars so that a sprite prints on one line.
    static func state(_ s: GlyphState) -> [(String, JSONValue)] {
        [
            ("x", number(s.position.x)), ("y", number(s.position.y)),
            ("scaleX", number(s.scaleX)), ("scaleY", number(s.scaleY)),
            ("rotation", number(s.rotation)), ("skew", number(s.skew)),
            ("opacity", number(s.opacity)), ("blur", number(s.blur)),
            ("tintRed", number(s.tint.red)), ("tintGreen", number(s.tint.green)),
            ("tintBlue", number(s.tint.blue)), ("tintAlpha", number(s.tint.alpha)),
            ("strokeEnd", number(s.strokeEnd)), ("fill", number(s.fill)),
        ]
    }

    static func pool(_ stats: PoolStats) -> JSONValue {
        .object([
            ("capacity", .int(stats.capacity)), ("inUse", .int(stats.inUse)), ("highWater", .int(stats.highWater)),
            ("checkouts", .int(stats.checkouts)), ("checkins", .int(stats.checkins)), ("growths", .int(stats.growths)),
        ])
    }
}
