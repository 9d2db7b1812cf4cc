/// How `effects`, `pens` and `scenes` print their catalogs: with `--json`, an
/// array of one object per entry; otherwise a table of names and descriptions.
enum CatalogList {
    /// Their `--json` flag.
    static let jsonSpec = OptionSpec.flag("json", help: "Print JSON instead of the readable list.")

    /// Writes `entries` as JSON objects (`json`) or as table rows (`row`),
    /// with `footer` after the table.
    ///
    /// - Complexity: O(n) in entries.
    static func write<Entry>(
        _ entries: [Entry], _ arguments: ParsedArguments, to output: inout CommandOutput,
        json: (Entry) -> [(String, JSONValue)], row: (Entry) -> (String, String), footer: String = ""
    ) {
        if arguments.flag("json") {
            output.write(JSONValue.array(entries.map { .object(json($0)) }).serialized())
            return
        }
        output.write(HelpTable.rows(entries.map(row)).joined(separator: "\n") + "\n")
        if !footer.isEmpty { output.write(footer) }
    }
}
