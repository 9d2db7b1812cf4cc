/// Renders results as a table for people or JSON for tools.
enum BenchmarkReport {
    static func table(_ results: [BenchmarkResult], environment: String) -> String {
        var rows: [[String]] = [["case", "median", "p99", "target", "met", "notes"]]
        for result in results {
            var notes: [String] = []
            if let timing = result.timing { notes.append("\(timing.samples.count)×\(timing.batch) runs") }
            rows.append([
                result.name,
                result.timing.map { MetricUnit.nanoseconds.format($0.median) } ?? "",
                result.timing.map { MetricUnit.nanoseconds.format($0.p99) } ?? "",
                result.target?.description ?? "",
                verdict(result.isMet),
                (notes + result.notes).joined(separator: "; "),
            ])
            for metric in result.metrics {
                rows.append([
                    "  " + metric.name, metric.unit.format(metric.value), "", metric.target?.description ?? "",
                    verdict(metric.isMet), "",
                ])
            }
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var output = ""
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            output += cells.joined(separator: "  ") + "\n"
            if index == 0 { output += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        let verdicts = results.compactMap(\.allMet)
        output += "\n\(verdicts.filter { $0 }.count) of \(verdicts.count) cases with targets meet them.\n"
        output += "Allocator: \(environment).\n"
        return output
    }

    private static func verdict(_ met: Bool?) -> String {
        met.map { $0 ? "yes" : "NO" } ?? ""
    }

    /// `{"environment", "results": [{"name", "unit", "median", "p99",
    /// "samples", "batch", "target", "met", "metrics": [{"name", "value",
    /// "unit", "target", "met"}], "notes": []}]}`; times in nanoseconds.
    static func json(_ results: [BenchmarkResult], environment: String) -> String {
        var output = "{\n  \"environment\": \(quoted(environment)),\n  \"results\": ["
        for (index, result) in results.enumerated() {
            output += index == 0 ? "\n    {" : ",\n    {"
            var fields = ["\"name\": \(quoted(result.name))"]
            if let timing = result.timing {
                fields += [
                    "\"unit\": \"ns\"", "\"median\": \(number(timing.median))", "\"p99\": \(number(timing.p99))",
                    "\"samples\": \(timing.samples.count)", "\"batch\": \(timing.batch)",
                ]
            }
            fields.append("\"target\": \(result.target.map { quoted($0.description) } ?? "null")")
            fields.append("\"met\": \(result.isMet.map { String($0) } ?? "null")")
            let metrics = result.metrics.map { metric in
                "{\"name\": \(quoted(metric.name)), \"value\": \(number(metric.value)), \"unit\": \(quoted(metric.unit.rawValue)), "
                    + "\"target\": \(metric.target.map { quoted($0.description) } ?? "null"), "
                    + "\"met\": \(metric.isMet.map { String($0) } ?? "null")}"
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
