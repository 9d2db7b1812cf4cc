// swift-tools-version:6.0
import PackageDescription

// The layers of docs/architecture.md. The five core modules depend on nothing
// outside this package; system C libraries appear only under Typesetter and Render.
let package = Package(
    name: "Kinetype",
    // What the code uses sets the floor: Typesetter guards its font state with
    // Synchronization's `Mutex` (macOS 15, iOS 18 and their siblings), and
    // platforms apply to the whole package. docs/platforms.md explains it.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Analyzer", targets: ["Analyzer"]),
        .library(name: "Animator", targets: ["Animator"]),
        .library(name: "Pool", targets: ["Pool"]),
        .library(name: "Director", targets: ["Director"]),
        .library(name: "Effects", targets: ["Effects"]),
        .library(name: "Typesetter", targets: ["Typesetter"]),
        .library(name: "Render", targets: ["Render"]),
        .executable(name: "kinetype", targets: ["kinetype"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // Core engine: pure Swift, no Foundation.
        // Rounding and the like come from the C maths library, which Linux links only when asked.
        .target(name: "Analyzer", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "Animator", dependencies: ["Analyzer"]),
        .target(name: "Pool", dependencies: ["Analyzer"]),
        .target(name: "Director", dependencies: ["Analyzer", "Animator", "Pool"]),
        .target(name: "Effects", dependencies: ["Analyzer", "Animator"]),

        // The Linux text stack, found with pkg-config and installed by scripts/setup.
        .systemLibrary(
            name: "CFreeType", path: "Sources/CSystem/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CSystem/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", path: "Sources/CSystem/CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CSystem/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .target(
            name: "Typesetter",
            dependencies: ["Analyzer", "Animator", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        // Animated exports: giflib may have no .pc file on older Debian, so CGif links "gif" by name.
        .systemLibrary(name: "CGif", path: "Sources/CSystem/CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CSystem/CWebP", pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]),
        // Video: FFmpeg's libraries. One module for the four, since their headers
        // include one another; pkg-config finds libavformat's, the module map links all.
        .systemLibrary(
            name: "CFFmpeg", path: "Sources/CSystem/CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        .target(
            name: "Render", dependencies: ["Director", "Effects", "Typesetter", "CCairo", "CGif", "CWebP", "CFFmpeg"]),

        // The command line: its commands as a library (Sources/kinetype), which
        // the fuzz target links too, and the executable that runs them.
        .target(
            name: "KinetypeCLI",
            dependencies: ["Analyzer", "Animator", "Pool", "Director", "Effects", "Typesetter", "Render"],
            path: "Sources/kinetype"),
        .executableTarget(name: "kinetype", dependencies: ["KinetypeCLI"], path: "Sources/KinetypeMain"),
        .executableTarget(
            name: "bench",
            dependencies: [
                "Analyzer", "Animator", "Pool", "Director", "Effects", "Typesetter", "CAllocationCounter", "TestSupport",
            ],
            path: "Benchmarks/bench"),
        // The benchmark's allocation counter (C, so that counting never allocates).
        .target(name: "CAllocationCounter", path: "Benchmarks/AllocationCounter"),

        // libFuzzer targets (see Fuzz/README.md): `make fuzz`. Built plainly, each
        // replays input files instead, so they also build with everything else.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "FuzzAnalyzer", dependencies: ["Analyzer", "FuzzSupport"], path: "Fuzz/AnalyzerFuzzer"),
        .executableTarget(name: "FuzzLayout", dependencies: ["Animator", "FuzzSupport"], path: "Fuzz/LayoutFuzzer"),
        .executableTarget(name: "FuzzPathData", dependencies: ["Animator", "FuzzSupport"], path: "Fuzz/PathDataFuzzer"),
        .executableTarget(
            name: "FuzzCommandLine", dependencies: ["KinetypeCLI", "Animator", "FuzzSupport", "TestSupport"],
            path: "Fuzz/CommandLineFuzzer"),
        .executableTarget(
            name: "FuzzRender", dependencies: ["Animator", "Render", "Typesetter", "FuzzSupport"], path: "Fuzz/RenderFuzzer"),
        .executableTarget(
            name: "FuzzPlan",
            dependencies: ["Analyzer", "Animator", "Director", "Effects", "Typesetter", "FuzzSupport", "TestSupport"],
            path: "Fuzz/PlanFuzzer"),

        // The browser build's exports (web/, linked into kinetype.wasm by `make wasm`),
        // built natively too, and the program that plays the web tests' corpus and
        // benchmark with the native engine for the browser to be compared with.
        .target(name: "KinetypeWeb", dependencies: ["Analyzer", "Animator", "Director", "Effects"], path: "web/Sources/KinetypeWeb"),
        .executableTarget(
            name: "kinetype-web-native", dependencies: ["Analyzer", "Animator", "Director", "Effects"],
            path: "web/Native"),

        .target(
            name: "TestSupport", dependencies: ["Analyzer", "Animator", "Pool", "Director", "Effects"], path: "Tests/TestSupport"),
        .testTarget(name: "AnalyzerTests", dependencies: ["Analyzer", "TestSupport"]),
        .testTarget(name: "AnimatorTests", dependencies: ["Analyzer", "Animator", "TestSupport"]),
        .testTarget(name: "PoolTests", dependencies: ["Pool", "Analyzer", "Animator", "TestSupport"]),
        .testTarget(name: "DirectorTests", dependencies: ["Director", "Effects", "TestSupport"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "Director", "TestSupport"]),
        .testTarget(name: "TypesetterTests", dependencies: ["Typesetter", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "TestSupport", "CGif", "CWebP", "CFFmpeg"]),
        // The soak: an executable that simulates long app use (run as a child
        // process, so its memory figures are its own) and the tests that read it.
        .target(name: "CHeapStats", path: "Tests/CHeapStats"),
        .executableTarget(
            name: "SoakRunner", dependencies: ["Analyzer", "Animator", "Director", "Effects", "CHeapStats"],
            path: "Tests/SoakRunner"),
        .testTarget(name: "SoakTests", dependencies: ["SoakRunner", "TestSupport"]),
        // Builds the README's Swift snippets in a scratch package that depends on this one.
        .testTarget(name: "ReadmeTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "KinetypeCLITests", dependencies: ["kinetype", "KinetypeCLI", "Animator", "Director", "Effects", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
