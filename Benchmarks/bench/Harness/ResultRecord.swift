/// A `BenchmarkResult` as lines of text: how a case's child process hands its
/// result to the runner. One field per line, values first, the free text last:
///
///     timing <batch> <sample> <sample> …
///     per <item>
///     target <atMost|atLeast> <bound> <unit>
///     metric <value> <unit> <none|atMost|atLeast> <bound> <unit> <name…>
///     note <text…>
enum ResultRecord {
    static func encode(_ result: BenchmarkResult) -> String {
        var lines: [String] = []
        if let timing = result.timing {
            lines.append((["timing", String(timing.batch)] + timing.samples.map { String($0) }).joined(separator: " "))
            if let per = timing.per { lines.append("per " + oneLine(per)) }
        }
        if let target = result.target { lines.append("target " + encode(target)) }
        for metric in result.metrics {
            let target = metric.target.map(encode) ?? "none 0 -"
            lines.append("metric \(metric.value) \(unitName(metric.unit)) \(target) \(oneLine(metric.name))")
        }
        for note in result.notes { lines.append("note " + oneLine(note)) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func decode(_ text: Substring, name: String) -> BenchmarkResult {
        var result = BenchmarkResult(name: name)
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard let kind = words.first else { continue }
            switch kind {
            case "timing" where words.count >= 2:
                result.timing = Timing(samples: words.dropFirst(2).compactMap { Double($0) }, batch: Int(words[1]) ?? 1)
            case "per" where words.count >= 2:
                result.timing?.per = words.dropFirst().joined(separator: " ")
            case "target" where words.count >= 4:
                result.target = target(words[1], words[2], words[3])
            case "metric" where words.count >= 6:
                let unit = unit(words[2]) ?? .count
                result.metrics.append(
                    Metric(
                        name: words.dropFirst(6).joined(separator: " "), value: Double(words[1]) ?? .nan, unit: unit,
                        target: target(words[3], words[4], words[5])))
            case "note":
                result.notes.append(words.dropFirst().joined(separator: " "))
            default:
                continue
            }
        }
        return result
    }

    private static func encode(_ target: Target) -> String {
        switch target {
        case .atMost(let bound, let unit): return "atMost \(bound) \(unitName(unit))"
        case .atLeast(let bound, let unit): return "atLeast \(bound) \(unitName(unit))"
        }
    }

    private static func target(_ kind: Substring, _ bound: Substring, _ unitName: Substring) -> Target? {
        guard let value = Double(bound), let unit = unit(unitName) else { return nil }
        switch kind {
        case "atMost": return .atMost(value, unit)
        case "atLeast": return .atLeast(value, unit)
        default: return nil
        }
    }

    /// Unit names without spaces (the raw values hold "µ" and one is empty).
    private static let units: [(String, MetricUnit)] = [
        ("ns", .nanoseconds), ("us", .microseconds), ("ms", .milliseconds), ("times", .times), ("count", .count),
        ("bytes", .bytes), ("MB", .megabytes), ("share", .share),
    ]

    private static func unitName(_ unit: MetricUnit) -> String {
        units.first { $0.1 == unit }?.0 ?? "count"
    }

    private static func unit(_ name: Substring) -> MetricUnit? {
        units.first { $0.0 == name }?.1
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" ? " " : $0 })
    }
}
