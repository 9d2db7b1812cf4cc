import Analyzer
import Animator
import CHeapStats
import Director
import Effects

/// An app's text changing for `seconds` of simulated time, compressed: random
/// `setText` at random (monotone) times, most of them interrupting a running
/// transition, frames sampled in between, effects, styles and modes switched
/// now and then. Every frame is checked as it is drawn.
struct Soak {
    var seconds: Double
    var seed: UInt64

    /// The text both resting points settle on, so that memory is compared like with like.
    static let restingText = "Soak check 0123"

    func run() -> SoakReport {
        var report = SoakReport()
        var random = SeededRandom(seed: seed)
        var texts = SoakText()
        let registry = EffectRegistry.standard
        let effects = registry.names.compactMap { registry[$0] }
        let director = TransitionDirector(
            text: Self.restingText, layout: MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 400, alignment: .center),
            preference: .alwaysAnimate, seed: seed)
        var t = 0.0
        var current = Self.restingText
        let warmUp = seconds / 4
        var warmedUp = false
        while t < seconds {
            // Most changes come while the last one still runs.
            let gap = random.next() % 10 < 6 ? random.nextDouble(in: 0.02...0.4) : random.nextDouble(in: 0.5...4)
            let samples = min(Int(gap * 30), 24)
            for k in 0..<samples {
                check(director.frame(at: t + gap * Double(k + 1) / Double(samples + 1)), director, &report)
            }
            t += gap
            switch random.next() % 24 {
            case 0, 1, 2: director.effect = effects[Int(random.next() % UInt64(effects.count))]
            case 3: director.style = MotionStyle.presets[Int(random.next() % 3)]
            case 4: director.mode = [.morph, .replace, .numeric()][Int(random.next() % 3)]
            default: break
            }
            if director.isAnimating { report.interruptions += 1 }
            current = texts.next(after: current, using: &random)
            _ = director.setText(current, at: t)
            report.changes += 1
            check(director.frame(at: t), director, &report)
            if !warmedUp && t >= warmUp {
                t = settle(director, at: t, &report)
                report.heapAtWarmUp = Int(truncatingIfNeeded: kinetype_heap_in_use())
                warmedUp = true
            }
        }
        t = settle(director, at: t, &report)
        report.heapAtEnd = Int(truncatingIfNeeded: kinetype_heap_in_use())
        report.peakResidentKilobytes = kinetype_peak_resident_kilobytes()
        return report
    }

    /// Brings the director to rest on `restingText` with a non-looping effect and
    /// checks the pool against the frame; returns the time it is at rest.
    private func settle(_ director: TransitionDirector, at t: Double, _ report: inout SoakReport) -> Double {
        let effect = director.effect, mode = director.mode
        director.effect = .scale
        director.mode = .morph
        _ = director.setText(Self.restingText, at: t)
        let end = (director.settleTime ?? t) + 0.5
        let last = director.frame(at: end)
        check(last, director, &report)
        if director.isAnimating { report.violation("t=\(end): still animating after its settle time") }
        let stats = director.poolStats
        if stats.inUse != last.sprites.count {
            report.violation("t=\(end): at rest the pool has \(stats.inUse) sprites in use, the frame shows \(last.sprites.count)")
        }
        if last.sprites.count != Self.restingText.count {
            report.violation("t=\(end): at rest \(last.sprites.count) sprites for \(Self.restingText.count) glyphs")
        }
        report.symbolsAtEnd = last.symbols.count
        report.spritesAtEnd = last.sprites.count
        director.effect = effect
        director.mode = mode
        return end
    }

    private func check(_ frame: Frame, _ director: TransitionDirector, _ report: inout SoakReport) {
        report.frames += 1
        report.sprites += frame.sprites.count
        report.mostLiveSprites = max(report.mostLiveSprites, frame.sprites.count)
        report.mostSymbols = max(report.mostSymbols, frame.symbols.count)
        if frame.symbols.count > 2 * frame.sprites.count + 256 { report.framesOverSymbolBound += 1 }
        let stats = director.poolStats
        if stats.checkouts - stats.checkins != stats.inUse {
            report.violation("t=\(frame.time): checkouts \(stats.checkouts) − checkins \(stats.checkins) ≠ in use \(stats.inUse)")
        }
        if frame.sprites.count > stats.inUse {
            report.violation("t=\(frame.time): \(frame.sprites.count) sprites shown, \(stats.inUse) in the pool")
        }
        for sprite in frame.sprites {
            let s = sprite.state
            if !s.isFinite || !sprite.boxSize.width.isFinite || !sprite.boxSize.height.isFinite || !sprite.baselineOffset.isFinite {
                report.violation("t=\(frame.time): sprite \(sprite.id) (\(frame.symbol(of: sprite))) has state \(s)")
            }
            // GlyphState documents opacity in 0…1; counted apart from the NaN check.
            if s.opacity.isFinite {
                report.opacityOutside = max(report.opacityOutside, s.opacity - 1, -s.opacity)
            }
            if Int(sprite.glyph) >= frame.symbols.count || sprite.glyph < 0 {
                report.violation("t=\(frame.time): sprite \(sprite.id) names glyph \(sprite.glyph) of \(frame.symbols.count)")
            }
        }
        for p in frame.particles where !(p.position.x.isFinite && p.position.y.isFinite && p.radius.isFinite && p.opacity.isFinite) {
            report.violation("t=\(frame.time): particle \(p)")
        }
    }
}
