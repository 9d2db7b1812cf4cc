import Testing
@testable import Animator
import TestSupport

@Suite struct GlyphStateTests {
    @Test func zeroAndIdenticalAreDecidedChannelByChannel() {
        #expect(GlyphState.zero.isZero)
        var negativeZero = GlyphState.zero
        negativeZero.tint.alpha = -0.0
        #expect(negativeZero.isZero)
        #expect(negativeZero == .zero && !negativeZero.isIdentical(to: .zero))
        for channel in GlyphChannel.allCases {
            var s = GlyphState.zero
            s[channel] = 1e-300
            #expect(!s.isZero, "\(channel)")
            var t = GlyphState.resting(at: Point(x: 3, y: 4))
            #expect(t.isIdentical(to: .resting(at: Point(x: 3, y: 4))))
            t[channel] += 0.5
            #expect(!t.isIdentical(to: .resting(at: Point(x: 3, y: 4))), "\(channel)")
        }
        var nan = GlyphState.zero
        nan.blur = .nan
        #expect(!nan.isZero && nan.isIdentical(to: nan) && nan != nan)
    }

    @Test func restingStateIsNatural() {
        let s = GlyphState.resting(at: Point(x: 4, y: 5))
        #expect(s.position == Point(x: 4, y: 5))
        #expect(s.scaleX == 1 && s.scaleY == 1 && s.rotation == 0 && s.skew == 0)
        #expect(s.opacity == 1 && s.blur == 0 && s.strokeEnd == 1 && s.tint == .none)
        #expect(channels(GlyphState.zero).allSatisfy { $0 == 0 })
    }

    @Test func channelsReadAndWriteTheirOwnField() {
        var s = GlyphState.zero
        for (i, channel) in GlyphChannel.allCases.enumerated() { s[channel] = Double(i + 1) }
        // Each channel holds the value written to it, so no two share a field.
        for (i, channel) in GlyphChannel.allCases.enumerated() { #expect(s[channel] == Double(i + 1), "\(channel)") }
        #expect(s.position == Point(x: 1, y: 2))
        #expect(s.scaleX == 3 && s.scaleY == 4 && s.rotation == 5 && s.skew == 6 && s.opacity == 7 && s.blur == 8)
        #expect(s.tint == Tint(red: 9, green: 10, blue: 11, alpha: 12) && s.strokeEnd == 13)
        let transforms = GlyphChannel.allCases.filter(\.isTransform)
        #expect(transforms == [.x, .y, .scaleX, .scaleY, .rotation, .skew])
    }

    @Test func arithmeticIsChannelWise() {
        var random = SeededRandom(seed: 14)
        for _ in 0..<100 {
            let a = random.glyphState(), b = random.glyphState(), k = random.uniform(-3, 3)
            for channel in GlyphChannel.allCases {
                #expect((a + b)[channel] == a[channel] + b[channel])
                #expect((a - b)[channel] == a[channel] - b[channel])
                #expect(isClose((a * k)[channel], a[channel] * k, 1e-12))
            }
            var c = b
            c.rotation = a.rotation
            for t in stride(from: 0.0, through: 1, by: 0.1) { #expect(a.interpolated(to: c, t).rotation == a.rotation) }
            #expect(a.interpolated(to: b, 0) == a)
            #expect(a.interpolated(to: b, 1) == b)
            #expect(isClose(a.interpolated(to: b, 0.25)[.rotation], a.rotation + 0.25 * (b.rotation - a.rotation), 1e-12))
        }
        var s = GlyphState.resting(at: .zero)
        s.scale = 0.5
        #expect(s.scaleX == 0.5 && s.scaleY == 0.5 && s.scale == 0.5)
    }

    @Test func finitenessChecksEveryChannel() {
        #expect(GlyphState.resting(at: .zero).isFinite)
        for channel in GlyphChannel.allCases {
            var s = GlyphState.resting(at: .zero)
            s[channel] = .nan
            #expect(!s.isFinite, "\(channel)")
            s[channel] = .infinity
            #expect(!s.isFinite, "\(channel)")
        }
    }

    @Test func transformPutsTheBoxCentreAtThePosition() {
        var random = SeededRandom(seed: 15)
        for _ in 0..<200 {
            var s = GlyphState.resting(at: random.point(300))
            s.scaleX = random.uniform(0.1, 3)
            s.scaleY = random.uniform(0.1, 3)
            s.rotation = random.uniform(-4, 4)
            s.skew = random.uniform(-0.6, 0.6)
            let box = Size(width: random.uniform(1, 40), height: random.uniform(1, 60))
            let m = s.transform(boxSize: box)
            #expect(isClose(m.apply(Point(x: box.width / 2, y: box.height / 2)), s.position, 1e-9))
            #expect(isClose(m.determinant, s.scaleX * s.scaleY, 1e-9))
        }
    }

    @Test func transformScalesAndRotatesAboutTheCentre() {
        var s = GlyphState.resting(at: Point(x: 100, y: 50))
        let box = Size(width: 20, height: 40)
        // At rest, the box lands with its top-left corner half a box up and left of the position.
        #expect(isClose(s.transform(boxSize: box).apply(.zero), Point(x: 90, y: 30), 1e-12))
        s.scale = 2
        #expect(isClose(s.transform(boxSize: box).apply(.zero), Point(x: 80, y: 10), 1e-12))
        s.scale = 1
        s.rotation = .pi / 2
        // The right-middle of the box turns clockwise to below the centre.
        #expect(isClose(s.transform(boxSize: box).apply(Point(x: 20, y: 20)), Point(x: 100, y: 60), 1e-12))
    }

    @Test func positiveSkewLeansTheTopToTheRight() {
        var s = GlyphState.resting(at: Point(x: 100, y: 50))
        s.skew = 0.3
        let box = Size(width: 20, height: 40)
        let m = s.transform(boxSize: box)
        let top = m.apply(Point(x: 10, y: 0)), bottom = m.apply(Point(x: 10, y: 40))
        #expect(top.x > 100 && bottom.x < 100)
        #expect(isClose(top.x - 100, 20 * Math.sin(0.3) / Math.cos(0.3), 1e-12))
        #expect(top.y == 30 && bottom.y == 70)
    }
}
