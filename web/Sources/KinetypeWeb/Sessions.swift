/// The directors a page made, by handle, and the exchange memory they share.
///
/// A handle is a slot number and the slot's generation, so a handle kept past
/// `dispose()` is refused with a message instead of reaching another director.
///
/// WebAssembly runs this module on one thread (the page's, or a worker's own
/// instance), and the native build is driven from one thread by its tests and
/// benchmark: the state below is never touched concurrently, which is what
/// `nonisolated(unsafe)` asks of it.
enum Sessions {
    nonisolated(unsafe) static var exchange = Exchange()
    nonisolated(unsafe) private static var slots: [(generation: Int32, session: Session?)] = []
    nonisolated(unsafe) private static var free: [Int] = []

    /// The largest text or effect taken, in UTF-8 bytes.
    static let maximumInput = 1 << 22

    static func open() -> Int32 {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot].generation &+= 1
            slots[slot].session = Session()
        } else {
            slot = slots.count
            slots.append((0, Session()))
        }
        return (slots[slot].generation & 0x7FFF) << 16 | Int32(slot + 1)
    }

    @inline(never)
    static func session(_ handle: Int32) throws(WebError) -> Session {
        let slot = Int(handle & 0xFFFF) - 1
        guard handle > 0, slot < slots.count, (slots[slot].generation & 0x7FFF) == handle >> 16,
            let session = slots[slot].session
        else {
            throw WebError(.unknownDirector, "this director was disposed; make a new one with director({…})")
        }
        return session
    }

    static func close(_ handle: Int32) throws(WebError) {
        _ = try session(handle)
        let slot = Int(handle & 0xFFFF) - 1
        slots[slot].session = nil
        free.append(slot)
    }

    /// Runs `body` on the session of `handle`; an error's message goes to the
    /// output and the result is −1. (The lookup, the input and the failure are
    /// out of line: every export runs through here, and inlined they were a
    /// copy each.)
    static func run(_ handle: Int32, _ body: (Session) throws(WebError) -> Int32) -> Int32 {
        exchange.clearOutput()
        do {
            return try body(try session(handle))
        } catch {
            fail(error)
            return -1
        }
    }

    @inline(never)
    static func fail(_ error: WebError) {
        exchange.clearOutput()
        // Through the contiguous bytes: the string's UTF-8 view, read element by
        // element, links the view's general (non-contiguous) paths into the module.
        var message = error.message
        message.withUTF8 { exchange.write($0) }
    }

    /// The first `count` input bytes as a string, refused beyond `maximumInput`.
    @inline(never)
    static func input(_ count: Int32) throws(WebError) -> String {
        guard count >= 0, Int(count) <= maximumInput else { throw tooLarge(count) }
        return exchange.inputString(count: Int(count))
    }

    /// The error of an input of `count` bytes, more than `maximumInput`.
    @inline(never)
    static func tooLarge(_ count: Int32) -> WebError {
        WebError(.tooLarge, "the text has " + String(count) + " bytes; at most " + String(maximumInput) + " are taken")
    }
}
