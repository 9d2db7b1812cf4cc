// The benchmark program: `swift run -c release bench [--filter S] [--json]`.
// Cases live in Cases/, one file per area; register them with one line here.
let cases: [BenchmarkCase] =
    AnalyzerCases.all
    + FamilyCases.all
    + AnimatorCases.all
    + PoolCases.all
    + DirectorCases.all
    + EffectsCases.all
    + LegibilityCases.all
    + GateCases.all
    + RunModelCases.all

let runner = BenchmarkRunner(cases: cases)
let code = runner.run(arguments: Array(CommandLine.arguments.dropFirst()))
Platform.exit(code)
