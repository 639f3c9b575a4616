import CLibXML2
import Foundation

/// An owned libxml2 document tree, freed when the object goes away.
final class ParsedXMLDocument {
    let pointer: xmlDocPtr

    private init(pointer: xmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// Why a document could not be parsed, with libxml2's position (0 when unknown).
    struct ParseFailure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// Parses `xml` without network access. On failure returns nil and appends libxml2's reason.
    static func parse(_ xml: Data, errors: inout [String]) -> ParsedXMLDocument? {
        switch parse(xml, name: "junit.xml") {
        case .success(let document):
            return document
        case .failure(let failure):
            if failure.message.isEmpty {
                errors.append("not well-formed XML")
            } else {
                errors.append("not well-formed: " + (failure.line > 0 ? "line \(failure.line): " : "") + failure.message)
            }
            return nil
        }
    }

    /// Parses `xml` without network access; `name` is what libxml2 calls the document. libxml2's safety limits
    /// stay on (among them 10 MB per text node and entity expansion checks): reports can come from anywhere,
    /// such as the artifacts of a pull request from a fork.
    static func parse(_ xml: Data, name: String) -> Result<ParsedXMLDocument, ParseFailure> {
        LibXML.ensureInitialized()
        guard let length = Int32(exactly: xml.count) else {
            return .failure(ParseFailure(message: "document of \(xml.count) bytes is too large", line: 0, column: 0))
        }
        guard let context = xmlNewParserCtxt() else {
            return .failure(ParseFailure(message: "xmlNewParserCtxt failed", line: 0, column: 0))
        }
        defer { xmlFreeParserCtxt(context) }
        // NOERROR/NOWARNING keep libxml2 from printing to stderr; the reason is read back below.
        // BIG_LINES: line numbers past 65535 are reported as they are, not capped.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue
        // libxml2 goes on after the first error and reports follow-up errors (often "premature end of data" at
        // the last line); the first one is where the file went wrong. The structured-error callback receives
        // the parser context (SAX2's user data), so the first error is kept in its `_private` field.
        let first = FirstError()
        context.pointee._private = Unmanaged.passUnretained(first).toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let stash = parser.pointee._private else { return }
            let first = Unmanaged<FirstError>.fromOpaque(stash).takeUnretainedValue()
            guard first.failure == nil else { return }
            first.failure = FirstError.failure(of: error)
        }
        let document = withExtendedLifetime(first) {
            xml.withUnsafeBytes { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    xmlCtxtReadMemory(context, chars.baseAddress, length, name, nil, Int32(options))
                }
            }
        }
        context.pointee._private = nil
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            if let failure = first.failure { return .failure(failure) }
            guard let last = xmlCtxtGetLastError(context) else {
                return .failure(ParseFailure(message: "", line: 0, column: 0))
            }
            return .failure(FirstError.failure(of: last))
        }
        return .success(ParsedXMLDocument(pointer: document))
    }

    /// Holds the first error libxml2 reports while parsing.
    private final class FirstError {
        var failure: ParseFailure?

        static func failure(of error: UnsafePointer<xmlError>) -> ParseFailure {
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
            return ParseFailure(message: message.trimmingCharacters(in: .whitespacesAndNewlines),
                                line: Int(error.pointee.line), column: Int(error.pointee.int2))
        }
    }

    /// A new document whose root is a deep copy of `node`.
    static func copying(_ node: xmlNodePtr) -> ParsedXMLDocument? {
        guard let document = xmlNewDoc("1.0") else { return nil }
        guard let copy = xmlDocCopyNode(node, document, 1) else {
            xmlFreeDoc(document)
            return nil
        }
        xmlDocSetRootElement(document, copy)
        return ParsedXMLDocument(pointer: document)
    }

    var root: xmlNodePtr? { xmlDocGetRootElement(pointer) }

    /// The element children of `node`, in document order.
    static func elementChildren(of node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The value of attribute `name`, or nil when the element has none.
    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }

    /// The text and CDATA children of `node` (not its descendants), concatenated.
    static func text(of node: xmlNodePtr) -> String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
               let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return text
    }

    /// The source line of `node` (0 when unknown).
    static func line(of node: xmlNodePtr) -> Int {
        Int(xmlGetLineNo(node))
    }
}
