// The `kinetype` command line (docs/cli.md). A command is one file in
// Sources/kinetype/Commands and one line in `CommandList.all`; the commands
// form the KinetypeCLI library, which the fuzz target links too.
import KinetypeCLI

KinetypeTool.main()
