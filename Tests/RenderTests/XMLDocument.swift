import Foundation
import TestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element tree parsed by Foundation's XMLParser (tests only: the
/// Render module itself has no Foundation).
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element below (and including) this one, in document order.
    var all: [XMLNode] { [self] + children.flatMap(\.all) }

    func elements(named name: String) -> [XMLNode] { all.filter { $0.name == name } }

    /// Parses a document; throws with the parser's line and message when it is not well-formed.
    static func parse(_ text: String) throws -> XMLNode {
        let parser = XMLParser(data: Data(text.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw TestFailure("XML not well-formed at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let node = XMLNode(name: elementName, attributes: attributeDict)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
