import Typesetter

/// `kinetype pens [--json]`
enum PensCommand {
    static let command = Command(
        name: "pens",
        summary: "List the single-stroke pen fonts that write text by hand.",
        discussion: """
            Pass a name (or the path of a .jhf Hershey font) to --pen of frames, render or
            play; the text is then written by the pen with the write effect. The fonts are
            Debian's hershey-fonts-data (scripts/setup installs it); the script faces join
            their lowercase letters into one stroke. Characters a pen lacks are traced from
            their outlines in --font, with a warning.
            """,
        options: [CatalogList.jsonSpec],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let installed = Set(PenFont.installed.map(\.name))
        CatalogList.write(
            PenFont.catalog, arguments, to: &output,
            json: { entry in
                [
                    ("name", .string(entry.name)), ("description", .string(entry.summary)),
                    ("file", .string(entry.fileName)), ("installed", .bool(installed.contains(entry.name))),
                ]
            },
            row: { entry in (entry.name, entry.summary + (installed.contains(entry.name) ? "" : " (not installed)")) },
            footer: installed.isEmpty
                ? "No pen fonts are installed: install the Debian package hershey-fonts-data (scripts/setup does).\n" : "")
    }
}
