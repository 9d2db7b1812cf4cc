import Analyzer
import Animator
import Director
import Effects

// The functions `kinetype.js` calls, with C names. Strings come in through the
// input block (`kt_input`), results go out through the output bytes and the
// numbers block; a call that fails returns −1 and leaves its message in the
// output. Nothing here traps on what a page passes.

/// The input block, with room for `count` bytes (nil beyond `Sessions.maximumInput`).
@_cdecl("kt_input")
public func kt_input(_ count: Int32) -> UnsafeMutableRawPointer? {
    guard count >= 0, Int(count) <= Sessions.maximumInput else {
        Sessions.fail(Sessions.tooLarge(count))
        return nil
    }
    return UnsafeMutableRawPointer(Sessions.exchange.inputBuffer(count: Int(count)))
}

/// The output bytes of the last call.
@_cdecl("kt_output")
public func kt_output() -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(Sessions.exchange.outputBase) }

/// How many output bytes the last call wrote.
@_cdecl("kt_output_length")
public func kt_output_length() -> Int32 { Int32(truncatingIfNeeded: Sessions.exchange.outputCount) }

/// The numbers block, with room for `count` numbers.
@_cdecl("kt_numbers")
public func kt_numbers(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(Sessions.exchange.numberBuffer(count: max(Int(count), 0)))
}

/// A new director's handle (it shows nothing until `kt_start`).
@_cdecl("kt_new")
public func kt_new() -> Int32 { Sessions.open() }

@_cdecl("kt_dispose")
public func kt_dispose(_ handle: Int32) -> Int32 {
    Sessions.run(handle) { _ throws(WebError) in
        try Sessions.close(handle)
        return 0
    }
}

/// Reads the options (JSON, `count` input bytes; see `DirectorOptions`).
@_cdecl("kt_configure")
public func kt_configure(_ handle: Int32, _ count: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        try session.configure(json: try Sessions.input(count))
        return 0
    }
}

/// Sets the effect: a name or an effect file's JSON (`count` input bytes).
@_cdecl("kt_set_effect")
public func kt_set_effect(_ handle: Int32, _ count: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        try session.setEffect(try Sessions.input(count))
        return 0
    }
}

/// Checks an effect (name or JSON, `count` input bytes) without a director:
/// 0, or −1 with the message in the output and the line and column (from 1;
/// 0 when the error is about the whole text) in the numbers.
@_cdecl("kt_check_effect")
public func kt_check_effect(_ count: Int32) -> Int32 {
    Sessions.exchange.clearOutput()
    let numbers = Sessions.exchange.numberBuffer(count: 2)
    numbers[0] = 0
    numbers[1] = 0
    do throws(WebError) {
        let source = try Sessions.input(count)
        if source.utf8.first == UInt8(ascii: "{") {
            do {
                _ = try DataEffect(json: source)
            } catch {
                numbers[0] = Double(error.line)
                numbers[1] = Double(error.column)
                throw WebError(passing: error)
            }
        } else {
            _ = try Session.effect(source)
        }
        return 0
    } catch {
        Sessions.fail(error)
        return -1
    }
}

/// The built-in effects' names, counted strings in the output; returns how many.
@_cdecl("kt_effect_names")
public func kt_effect_names() -> Int32 {
    Sessions.exchange.clearOutput()
    let names = EffectRegistry.standard.names
    for name in names { Sessions.exchange.writeCounted(name) }
    return Int32(names.count)
}

/// The clusters of a text (`count` input bytes) that the measured layout has no
/// advance for, counted strings in the output; returns how many.
@_cdecl("kt_unmeasured")
public func kt_unmeasured(_ handle: Int32, _ count: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        let missing = session.unmeasured(try Sessions.input(count))
        for glyph in missing { Sessions.exchange.writeCounted(String(glyph)) }
        return Int32(missing.count)
    }
}

/// The advances of the clusters `kt_unmeasured` returned: `count` numbers.
@_cdecl("kt_add_advances")
public func kt_add_advances(_ handle: Int32, _ count: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        let n = max(Int(count), 0)
        session.addAdvances(UnsafeBufferPointer(start: Sessions.exchange.numberBuffer(count: n), count: n))
        return 0
    }
}

/// Shows a text (`count` input bytes) at rest.
@_cdecl("kt_start")
public func kt_start(_ handle: Int32, _ count: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        session.start(try Sessions.input(count))
        return 0
    }
}

/// Animates to a text (`count` input bytes) from time `t`. The numbers hold
/// the estimate (duration, sprites, entering, exiting, persisting) and the
/// events waiting for `kt_events`.
@_cdecl("kt_set_text")
public func kt_set_text(_ handle: Int32, _ count: Int32, _ t: Double) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        guard let estimate = session.setText(try Sessions.input(count), at: t) else {
            throw .invalidOption("the director shows no text yet")
        }
        let numbers = Sessions.exchange.numberBuffer(count: 6)
        numbers[0] = estimate.duration
        numbers[1] = Double(estimate.sprites)
        numbers[2] = Double(estimate.entering)
        numbers[3] = Double(estimate.exiting)
        numbers[4] = Double(estimate.persisting)
        numbers[5] = Double(session.pendingEvents)
        return 0
    }
}

/// Samples the frame at `t` into the numbers (see `FrameRecord`).
@_cdecl("kt_frame")
public func kt_frame(_ handle: Int32, _ t: Double) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        session.frame(at: t, into: &Sessions.exchange)
        return 0
    }
}

/// The symbols from id `from` on, counted strings in the output; returns how many.
@_cdecl("kt_symbols")
public func kt_symbols(_ handle: Int32, _ from: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        Int32(session.writeSymbols(from: Int(from), into: &Sessions.exchange))
    }
}

/// The events since the last call (see `Session.writeEvents`); returns how many.
@_cdecl("kt_events")
public func kt_events(_ handle: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        Int32(session.writeEvents(into: &Sessions.exchange))
    }
}

/// The legibility of the last frame (see `Session.writeLegibility`).
@_cdecl("kt_legibility")
public func kt_legibility(_ handle: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        session.writeLegibility(into: &Sessions.exchange)
        return 0
    }
}

/// The current text's box (see `Session.writeTextBox`) in the numbers.
@_cdecl("kt_text_box")
public func kt_text_box(_ handle: Int32) -> Int32 {
    Sessions.run(handle) { session throws(WebError) in
        session.writeTextBox(into: &Sessions.exchange)
        return 0
    }
}
