/// How this program was compiled. Figures from a debug build measure an
/// unoptimised program (tens to hundreds of times slower than release), so a
/// debug run says so before and after its results and judges no target.
enum BuildConfiguration {
    /// Whether the program was built without optimisation (SwiftPM defines
    /// `DEBUG` in its debug configuration, the one `swift run` uses by default).
    #if DEBUG
    static let isDebug = true
    #else
    static let isDebug = false
    #endif

    /// The command that builds and runs the benchmark optimised.
    static let releaseCommand = "swift run -c release bench"

    /// The line a debug run opens and closes with.
    static let debugWarning =
        "bench: this is a debug build: its figures come from unoptimised code and are not judged against the targets. "
        + "For real figures run: \(releaseCommand)"
}
