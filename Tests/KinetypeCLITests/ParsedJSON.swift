import TestSupport

/// The test support's JSON reader, by a name that files importing the
/// command line's own `JSONValue` (the writer) can use too.
typealias ParsedJSON = JSONValue
