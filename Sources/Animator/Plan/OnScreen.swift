import Analyzer

/// A sprite on screen when a plan starts, by its place in `OnScreen`: the old
/// text's glyphs first (index i is glyph i), then the sprites still leaving.
struct ShownID: Hashable {
    let raw: Int32

    init(_ index: Int) { raw = Int32(truncatingIfNeeded: index) }

    static let none = ShownID(-1)

    var isNone: Bool { raw < 0 }
    var index: Int { Int(raw) }
}

/// What is on screen when a plan starts, as the planner reads it: each
/// sprite's presented state and velocity, its glyph, the key of its random
/// traits, its box and its row.
///
/// It comes from a caller's `PresentedSnapshot` (a plan made on its own), or
/// from the Director's store, where a sprite at rest is read off its row and
/// only the sprites in motion were evaluated (`MotionStore.recordPresented(at:)`):
/// what rests costs nothing until the planner asks about it. A class, so that
/// the planner's many readers share it without copying its parts.
final class OnScreen {
    private let snapshot: PresentedSnapshot?
    private let store: MotionStore?
    /// The store's leaving rows, oldest first (by id).
    private let leaving: [RowID]
    /// How many sprites are the old text's glyphs, in order.
    let textCount: Int
    /// How many sprites there are.
    let count: Int

    /// A caller's snapshot.
    init(_ snapshot: PresentedSnapshot) {
        self.snapshot = snapshot
        store = nil
        leaving = []
        textCount = snapshot.textCount
        count = snapshot.sprites.count
    }

    /// The rows of a store: its text's rows, then `leaving`.
    init(store: MotionStore, leaving: [RowID]) {
        snapshot = nil
        self.store = store
        self.leaving = leaving
        textCount = store.textRows.count
        count = textCount + leaving.count
    }

    /// Whether the sprites are a store's rows (not a caller's snapshot).
    var isStore: Bool { store != nil }

    /// The row of sprite `k`, or none. (Read inline: the planner asks a
    /// sprite's row about seven times a change, for its state, key, rest and place.)
    @inline(__always)
    func row(_ k: ShownID) -> RowID {
        if let snapshot { return snapshot.sprites[k.index].row }
        return k.index < textCount ? store!.textRows[k.index] : leaving[k.index - textCount]
    }

    /// What sprite `k` presents: its state and velocity (a glyph on a tile
    /// that pulses shows its tile's tint).
    func presented(_ k: ShownID) -> (state: GlyphState, velocity: GlyphState) {
        if let snapshot {
            let sprite = snapshot.sprites[k.index]
            return (sprite.state, sprite.velocity)
        }
        let store = self.store!
        let row = row(k)
        var shown = store.presented(row) ?? (store.restState(of: row), .zero)
        let tile = store.tile(of: row)
        if !tile.isNone, store.shapes[tile.slot]?.tintsStroke == true {
            let tileShown = store.presented(tile) ?? (store.restState(of: tile), .zero)
            shown.state.tint = tileShown.state.tint
            shown.velocity.tint = tileShown.velocity.tint
        }
        return shown
    }

    /// Writes what sprite `k` presents into `glyph` (see `presented(_:)`).
    func present(_ k: ShownID, into glyph: UnsafeMutablePointer<PlacedGlyph>) {
        glyph.pointee.isShown = true
        if let snapshot {
            snapshot.sprites.withUnsafeBufferPointer { sprites in
                glyph.pointee.shown = sprites[k.index].state
                glyph.pointee.shownVelocity = sprites[k.index].velocity
            }
            return
        }
        let store = self.store!
        let row = row(k)
        if !store.present(row, into: &glyph.pointee.shown, velocity: &glyph.pointee.shownVelocity) {
            store.writeRestState(of: row, into: &glyph.pointee.shown)
            glyph.pointee.shownVelocity = .zero
        }
        let tile = store.tile(of: row)
        if !tile.isNone, store.shapes[tile.slot]?.tintsStroke == true {
            let tileShown = store.presented(tile) ?? (store.restState(of: tile), .zero)
            glyph.pointee.shown.tint = tileShown.state.tint
            glyph.pointee.shownVelocity.tint = tileShown.velocity.tint
        }
    }

    /// Whether sprite `k` rests exactly as a glyph at rest at `position` shows
    /// (all its other channels at their defaults), still: what `present(_:into:)`
    /// would write, without writing it.
    func restsExactly(_ k: ShownID, at position: Point) -> Bool {
        if let snapshot {
            return snapshot.sprites.withUnsafeBufferPointer { sprites in
                sprites[k.index].velocity.isZero && sprites[k.index].state.isIdentical(to: .resting(at: position))
            }
        }
        let store = self.store!
        let row = row(k)
        // A row whose motion is over but not yet put at rest shows its rest state.
        return Self.restState(of: row, in: store, isAt: position) && !store.isPresented(row)
    }

    /// Whether sprite `k`, a store's row, comes to rest exactly as a glyph at
    /// rest at `position` shows, whether or not it is still moving there: its
    /// rest state is that one, it has no tile and does not loop.
    func comesToRest(_ k: ShownID, at position: Point) -> Bool {
        guard let store else { return false }
        let row = row(k)
        return Self.restState(of: row, in: store, isAt: position) && !store.loops(row)
    }

    /// Whether a store's row, tile-less, rests (or will) exactly as a glyph at
    /// rest at `position` shows.
    @inline(__always)
    private static func restState(of row: RowID, in store: MotionStore, isAt position: Point) -> Bool {
        let m = store[row]
        guard m.x.bitPattern == position.x.bitPattern, m.y.bitPattern == position.y.bitPattern,
            store.tile(of: row).isNone
        else { return false }
        // Without extras, the rest state is the pose's rest channels and the defaults.
        if m.extras.isNone { return m.pose.isNone || store.poseRestsOnDefaults(m.pose) }
        var rest = GlyphState.zero
        store.writeRestState(of: row, into: &rest)
        return rest.isIdentical(to: .resting(at: position))
    }

    /// Sprite `k`'s state.
    func state(_ k: ShownID) -> GlyphState { presented(k).state }

    /// Whether sprite `k` is moving (its velocity is not zero in some channel).
    func isMoving(_ k: ShownID) -> Bool {
        if let snapshot { return !snapshot.sprites[k.index].velocity.isZero }
        return !presented(k).velocity.isZero
    }

    /// Sprite `k`'s glyph.
    func glyph(_ k: ShownID) -> GlyphID {
        if let snapshot { return snapshot.sprites[k.index].glyph }
        return store![row(k)].glyph
    }

    /// Sprite `k`'s id (ids grow in the order sprites are made: the lower, the
    /// older); 0 for a snapshot's sprites, which carry none (their order in the
    /// snapshot stands for it).
    func id(_ k: ShownID) -> Int32 {
        guard snapshot == nil else { return 0 }
        return store![row(k)].id
    }

    /// The key of sprite `k`'s random traits.
    func key(_ k: ShownID) -> UInt64 {
        if let snapshot { return snapshot.sprites[k.index].key }
        return store!.key(of: row(k))
    }

    /// Sprite `k`'s box size (before its scale).
    func boxSize(_ k: ShownID) -> Size {
        if let snapshot { return snapshot.sprites[k.index].boxSize }
        return store![row(k)].boxSize
    }
}
