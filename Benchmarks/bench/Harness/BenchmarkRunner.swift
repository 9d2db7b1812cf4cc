/// Runs the registered cases: `bench [--filter SUBSTRING] [--json] [--quick] [--list]`.
struct BenchmarkRunner {
    var cases: [BenchmarkCase]

    struct Options {
        var filter: String?
        var json = false
        var quick = false
        var list = false
        var systemMalloc = false
    }

    static let usage = """
        Usage: bench [--filter SUBSTRING] [--json] [--quick] [--list] [--system-malloc]

          --filter SUBSTRING  Run only the cases whose name contains SUBSTRING.
          --json              Print machine-readable results instead of a table.
          --quick             Sample each case for 0.2 s instead of 1 s.
          --list              List the cases and exit.
          --system-malloc     Keep the C library's allocator settings (on glibc the
                              bench otherwise turns heap trimming off; see the report).
        """

    /// Returns the exit code: 0, or 2 for bad arguments.
    func run(arguments: [String]) -> Int32 {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--list": options.list = true
            case "--system-malloc": options.systemMalloc = true
            case "--help", "-h":
                print(Self.usage)
                return 0
            case "--filter":
                guard index < arguments.count else {
                    printError("bench: missing value for --filter")
                    return 2
                }
                options.filter = arguments[index]
                index += 1
            default:
                if argument.hasPrefix("--filter=") {
                    options.filter = String(argument.dropFirst("--filter=".count))
                } else {
                    printError("bench: unknown argument '\(argument)' (see 'bench --help')")
                    return 2
                }
            }
        }
        let selected = cases.filter { options.filter.map($0.name.contains) ?? true }
        if options.list {
            for benchmark in selected { print(benchmark.name) }
            return 0
        }
        let allocator = options.systemMalloc ? nil : Platform.steadyAllocator()
        var results: [BenchmarkResult] = []
        for benchmark in selected {
            var context = BenchmarkContext(
                name: benchmark.name, samplingTime: options.quick ? 200_000_000 : 1_000_000_000,
                maximumSamples: 10_000)
            benchmark.body(&context)
            results.append(context.result)
            if !options.json { printError("done: \(benchmark.name)") }
        }
        let environment = allocator ?? "the C library's default allocator settings"
        print(
            options.json
                ? BenchmarkReport.json(results, environment: environment)
                : BenchmarkReport.table(results, environment: environment), terminator: "")
        return 0
    }

    private func printError(_ text: String) {
        var standardError = StandardError()
        print(text, to: &standardError)
    }
}

/// `print(_:to:)` target for standard error.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { Platform.writeError(string) }
}
