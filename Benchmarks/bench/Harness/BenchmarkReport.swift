import Animator

/// Renders results as a table for people or JSON for tools.
enum BenchmarkReport {
    /// The table's width: every line of it fits a 100-column terminal.
    static let width = 100
    /// The widest the case column gets; longer names wrap onto more lines.
    static let nameWidth = 44

    /// One row per case and per extra figure, each figure with its unit, each
    /// "NO" with the figure it misses by; notes wrap below their case. Unless
    /// `judged` (a debug build), the verdicts are left out and the table opens
    /// and closes with ``BuildConfiguration/debugWarning``.
    static func table(_ results: [BenchmarkResult], environment: String, judged: Bool = true) -> String {
        var rows: [Row] = []
        for result in results {
            let per = result.timing?.per.map { "/" + $0 } ?? ""
            rows.append(
                Row(
                    name: result.name,
                    median: result.timing.map { MetricUnit.nanoseconds.format($0.median) + per } ?? "",
                    p99: result.timing.map { MetricUnit.nanoseconds.format($0.p99) + per } ?? "",
                    target: result.target.map { $0.description + per } ?? "",
                    met: judged ? verdict(result.isMet, value: result.timing?.median, target: result.target) : "",
                    notes: (result.timing.map { [runs($0)] } ?? []) + result.notes))
            for metric in result.metrics {
                rows.append(
                    Row(
                        name: "  " + metric.name, median: metric.unit.format(metric.value), p99: "",
                        target: metric.target?.description ?? "",
                        met: judged ? verdict(metric.isMet, value: metric.value, target: metric.target) : "", notes: []))
            }
        }
        let header = Row(name: "case", median: "median", p99: "p99", target: "target", met: judged ? "met" : "", notes: [])
        func widest(_ cell: (Row) -> String, atLeast least: Int) -> Int {
            max(rows.map { cell($0).count }.max() ?? 0, least)
        }
        let columns: [Int] = [
            min(widest({ $0.name }, atLeast: 4), nameWidth), widest({ $0.median }, atLeast: 6), widest({ $0.p99 }, atLeast: 3),
            widest({ $0.target }, atLeast: 6),
        ]
        let warning = judged ? "" : wrap(BuildConfiguration.debugWarning, width: width).joined(separator: "\n") + "\n"
        var output = warning + (judged ? "" : "\n") + line(header, columns) + "\n"
        output += (judged ? columns + [3] : columns).map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in rows {
            output += line(row, columns) + "\n"
            for note in row.notes {
                for wrapped in wrap(note, width: width - 4) { output += "    " + wrapped + "\n" }
            }
        }
        let verdicts = results.compactMap(\.allMet)
        output += judged
            ? "\n\(verdicts.filter { $0 }.count) of \(verdicts.count) cases with targets meet them.\n"
            : "\nNo target judged: the targets (\(verdicts.count) cases have them) are for an optimised build.\n"
        output += wrap(
            "Times are per operation: the median and the 99th percentile of the samples, each sample the mean "
                + "of a batch of runs timed together (\"400 samples of 50 runs\"); /sprite figures are per live sprite.",
            width: width
        ).joined(separator: "\n") + "\n"
        output += wrap("Allocator: \(environment).", width: width).joined(separator: "\n") + "\n"
        return output + (judged ? "" : "\n" + warning)
    }

    /// One line of the table; a long name wraps, its figures on its first line.
    private struct Row {
        var name: String
        var median: String
        var p99: String
        var target: String
        var met: String
        var notes: [String]
    }

    private static func line(_ row: Row, _ columns: [Int]) -> String {
        // Extra figures are indented under their case; the indent survives wrapping.
        let indent = String(row.name.prefix { $0 == " " })
        let names = wrap(String(row.name.dropFirst(indent.count)), width: columns[0] - indent.count).map { indent + $0 }
        var cells = [names[0], row.median, row.p99, row.target].enumerated().map { k, cell in
            cell + String(repeating: " ", count: max(columns[k] - cell.count, 0))
        }
        cells.append(row.met)
        var text = trimmed(cells.joined(separator: "  "))
        for more in names.dropFirst() { text += "\n" + "  " + more }
        return text
    }

    /// "yes", or "NO" with the figure against its bound ("NO: 8.4× over"), or nothing without a target.
    private static func verdict(_ met: Bool?, value: Double?, target: Target?) -> String {
        guard let met else { return "" }
        if met { return "yes" }
        guard let value, let target, value.isFinite else { return "NO" }
        switch target {
        case .atMost(let bound, let unit):
            let limit = bound * unit.scale
            return limit > 0 ? "NO: \(Formatting.decimal(value / limit, digits: 1))× over" : "NO: above 0"
        case .atLeast(let bound, let unit):
            let limit = bound * unit.scale
            return value > 0 ? "NO: \(Formatting.decimal(limit / value, digits: 1))× short" : "NO: not above 0"
        }
    }

    /// "400 samples of 50 runs" (or "of 1 run").
    private static func runs(_ timing: Timing) -> String {
        "\(timing.samples.count) samples of \(timing.batch) run\(timing.batch == 1 ? "" : "s")"
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        WordWrap.lines(text, width: width)
    }

    /// `{"environment", "results": [{"name", "unit", "median", "p99",
    /// "samples", "batch", "target", "met", "metrics": [{"name", "value",
    /// "unit", "target", "met"}], "notes": []}]}`; times in nanoseconds.
    /// Unless `judged` (a debug build), every "met" is null and a "build":
    /// "debug" field opens the document.
    static func json(_ results: [BenchmarkResult], environment: String, judged: Bool = true) -> String {
        var output = "{\n"
        if !judged { output += "  \"build\": \"debug\",\n" }
        output += "  \"environment\": \(quoted(environment)),\n  \"results\": ["
        for (index, result) in results.enumerated() {
            output += index == 0 ? "\n    {" : ",\n    {"
            var fields = ["\"name\": \(quoted(result.name))"]
            if let timing = result.timing {
                fields += [
                    "\"unit\": \(quoted(timing.per.map { "ns/" + $0 } ?? "ns"))", "\"median\": \(number(timing.median))", "\"p99\": \(number(timing.p99))",
                    "\"samples\": \(timing.samples.count)", "\"batch\": \(timing.batch)",
                ]
            }
            fields.append("\"target\": \(result.target.map { quoted($0.description) } ?? "null")")
            fields.append("\"met\": \((judged ? result.isMet : nil).map { String($0) } ?? "null")")
            let metrics = result.metrics.map { metric in
                "{\"name\": \(quoted(metric.name)), \"value\": \(number(metric.value)), \"unit\": \(quoted(metric.unit.rawValue)), "
                    + "\"target\": \(metric.target.map { quoted($0.description) } ?? "null"), "
                    + "\"met\": \((judged ? metric.isMet : nil).map { String($0) } ?? "null")}"
            }
            fields.append("\"metrics\": [" + metrics.joined(separator: ", ") + "]")
            fields.append("\"notes\": [" + result.notes.map(quoted).joined(separator: ", ") + "]")
            output += fields.joined(separator: ", ") + "}"
        }
        output += "\n  ]\n}\n"
        return output
    }

    private static func number(_ value: Double) -> String {
        value.isFinite ? String(value) : "null"
    }

    private static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
