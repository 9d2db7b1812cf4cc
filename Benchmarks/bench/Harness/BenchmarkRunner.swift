/// Runs the registered cases: `bench [--filter SUBSTRING] [--json] [--quick] [--list] [--iterations N] [--in-process]`.
///
/// Each case runs in a fresh child process of its own, with the C library's
/// default allocator, the way an app meets the code: no case inherits another's
/// heap, and nothing is tuned.
struct BenchmarkRunner {
    var cases: [BenchmarkCase]

    struct Options {
        var filter: String?
        var json = false
        var quick = false
        var list = false
        var inProcess = false
        /// Run one case by exact name and print its record (the child's side).
        var child: String?
        /// Run each operation this many times, untimed (for profilers).
        var iterations: Int?
    }

    static let usage = """
        Usage: bench [--filter SUBSTRING] [--json] [--quick] [--list] [--iterations N] [--in-process]

          --filter SUBSTRING  Run only the cases whose name contains SUBSTRING.
          --json              Print machine-readable results instead of a table.
          --quick             Sample each case for 0.2 s instead of 1 s.
          --list              List the cases and exit.
          --iterations N      Run each measured operation N times, untimed, in this
                              process (for profilers such as callgrind).
          --in-process        Run every case in this process instead of one fresh
                              process per case.
        """

    /// Returns the exit code: 0, or 2 for bad arguments.
    func run(arguments: [String]) -> Int32 {
        var options = Options()
        var index = 0
        func value(_ name: String) -> String? {
            guard index < arguments.count else {
                printError("bench: missing value for \(name)")
                return nil
            }
            defer { index += 1 }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--list": options.list = true
            case "--in-process": options.inProcess = true
            case "--help", "-h":
                print(Self.usage)
                return 0
            case "--filter":
                guard let filter = value(argument) else { return 2 }
                options.filter = filter
            case "--child":
                guard let name = value(argument) else { return 2 }
                options.child = name
            case "--iterations":
                guard let text = value(argument), let count = Int(text), count > 0 else {
                    printError("bench: --iterations takes a positive whole number")
                    return 2
                }
                options.iterations = count
            default:
                printError("bench: unknown argument '\(argument)' (see 'bench --help')")
                return 2
            }
        }
        if let name = options.child {
            guard let benchmark = cases.first(where: { $0.name == name }) else {
                printError("bench: no case named '\(name)'")
                return 2
            }
            print(ResultRecord.encode(runHere(benchmark, options: options)), terminator: "")
            return 0
        }
        // The gate's instruction-count cases run only when asked for by name.
        let selected = cases.filter {
            (options.filter.map($0.name.contains) ?? true)
                && (!$0.name.hasPrefix("gate:") || GateCases.isAsked(by: options.filter))
        }
        if options.list {
            for benchmark in selected { print(benchmark.name) }
            return 0
        }
        // A debug build says so before anything runs (the run takes minutes) and after its results.
        let judged = !BuildConfiguration.isDebug
        if !judged { printError(BuildConfiguration.debugWarning) }
        var results: [BenchmarkResult] = []
        for benchmark in selected {
            if options.inProcess || options.iterations != nil {
                results.append(runHere(benchmark, options: options))
            } else {
                guard let result = runInChild(benchmark, options: options) else { return 1 }
                results.append(result)
            }
            if !options.json { printError("done: \(benchmark.name)") }
        }
        let environment =
            options.inProcess || options.iterations != nil
            ? "the C library's default allocator; every case in one process"
            : "the C library's default allocator, untuned; each case in a fresh process"
        print(
            options.json
                ? BenchmarkReport.json(results, environment: environment, judged: judged)
                : BenchmarkReport.table(results, environment: environment, judged: judged), terminator: "")
        if !judged && options.json { printError(BuildConfiguration.debugWarning) }
        return 0
    }

    private func runHere(_ benchmark: BenchmarkCase, options: Options) -> BenchmarkResult {
        var context = BenchmarkContext(
            name: benchmark.name, samplingTime: options.quick ? 200_000_000 : 1_000_000_000,
            maximumSamples: 10_000, iterations: options.iterations)
        benchmark.body(&context)
        return context.result
    }

    /// Runs one case in a new process of this program and reads its record back.
    private func runInChild(_ benchmark: BenchmarkCase, options: Options) -> BenchmarkResult? {
        var arguments = ["--child", benchmark.name]
        if options.quick { arguments.append("--quick") }
        guard let output = Platform.runSelf(arguments: arguments) else {
            printError("bench: the child process for '\(benchmark.name)' failed")
            return nil
        }
        return ResultRecord.decode(output[...], name: benchmark.name)
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
