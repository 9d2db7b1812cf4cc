#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if FUZZING
/// libFuzzer's own driver (in `libclang_rt.fuzzer`, linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

/// Starts a fuzz executable: libFuzzer in a `-DFUZZING` build, else a replay of
/// the files named on the command line.
///
/// Why not libFuzzer's own `main`: SwiftPM links every executable with `main`
/// aliased to the module's entry point (`<Module>_main`, so tests can link
/// executables), which leaves no room for another `main`. The entry point is
/// therefore always Swift's `@main`, and it hands over to libFuzzer through
/// `LLVMFuzzerRunDriver`, which takes the same flags as libFuzzer's `main`.
public enum FuzzDriver {
    public static func main(
        fuzz target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt, replay: ([UInt8]) -> Void
    ) -> Never {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
        #else
        Replay.main(replay)
        #endif
    }
}
