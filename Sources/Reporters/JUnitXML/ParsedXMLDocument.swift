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

    /// The deepest elements may nest. A JUnit report needs a handful of levels (`testsuites`, `testsuite`,
    /// `testcase`, a result, its `stackTrace`; junit-10 nests suites), so anything deeper is no report, and the
    /// reader's recursion over nested suites stays shallow.
    static let depthLimit = 64

    /// Why a document could not be parsed, with libxml2's position (0 when unknown).
    struct ParseFailure: Error {
        /// What the parser refused although libxml2 would have read it.
        enum Refusal: Equatable {
            /// A DOCTYPE: the way to entity expansion, external entities and DTDs, which no report needs.
            case doctype
            /// Elements nested deeper than ``ParsedXMLDocument/depthLimit``.
            case tooDeep
        }

        var message: String
        var line: Int
        var column: Int
        var refusal: Refusal?
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

    /// Parses `xml` as a report from anywhere (such as the artifacts of a pull request from a fork): without
    /// network access, refusing a DOCTYPE before anything in it is read (so no entity is ever declared or
    /// expanded, and no external entity or DTD is loaded) and nesting deeper than ``depthLimit``. With that,
    /// what the tree holds grows only with the input, so libxml2's fixed limits can be lifted
    /// (`XML_PARSE_HUGE`): a big run's transcripts exceed its 10 MB per text node. `name` is what libxml2
    /// calls the document.
    static func parse(_ xml: Data, name: String) -> Result<ParsedXMLDocument, ParseFailure> {
        LibXML.ensureInitialized()
        guard let length = Int32(exactly: xml.count) else {
            return .failure(ParseFailure(message: "document of \(xml.count) bytes is too large", line: 0, column: 0))
        }
        guard let context = xmlNewParserCtxt(), let sax = context.pointee.sax else {
            return .failure(ParseFailure(message: "xmlNewParserCtxt failed", line: 0, column: 0))
        }
        defer { xmlFreeParserCtxt(context) }
        // NOERROR/NOWARNING keep libxml2 from printing to stderr; the reason is read back below.
        // BIG_LINES: line numbers past 65535 are reported as they are, not capped.
        // HUGE: no 10 MB limit per text node; safe only because a DOCTYPE and deep nesting are refused below
        // (libxml2 2.9 also drops its entity amplification checks under it).
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_HUGE.rawValue
        // The callbacks receive the parser context (SAX2's user data); the state they share is in its `_private`.
        let state = ParseState(startElement: sax.pointee.startElementNs, endElement: sax.pointee.endElementNs)
        context.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        // libxml2 goes on after the first error and reports follow-up errors (often "premature end of data" at
        // the last line); the first one is where the file went wrong.
        sax.pointee.serror = { userData, error in
            guard let error, case let (_, state)? = ParseState.of(userData), state.failure == nil else { return }
            state.failure = ParseState.failure(of: error)
        }
        // Called at `<!DOCTYPE name …`, before its internal subset is read.
        sax.pointee.internalSubset = { userData, _, _, _ in
            guard case let (parser, state)? = ParseState.of(userData) else { return }
            state.refuse(.doctype, parser)
        }
        sax.pointee.startElementNs = { userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes in
            guard case let (parser, state)? = ParseState.of(userData) else { return }
            state.depth += 1
            guard state.depth <= ParsedXMLDocument.depthLimit else { return state.refuse(.tooDeep, parser) }
            state.startElement?(userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
        }
        sax.pointee.endElementNs = { userData, localName, prefix, uri in
            guard case let (_, state)? = ParseState.of(userData) else { return }
            state.depth -= 1
            state.endElement?(userData, localName, prefix, uri)
        }
        let document = withExtendedLifetime(state) {
            xml.withUnsafeBytes { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    xmlCtxtReadMemory(context, chars.baseAddress, length, name, nil, Int32(options))
                }
            }
        }
        context.pointee._private = nil
        if let failure = state.failure, failure.refusal != nil {
            if let document { xmlFreeDoc(document) }
            return .failure(failure)
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            if let failure = state.failure { return .failure(failure) }
            guard let last = xmlCtxtGetLastError(context) else {
                return .failure(ParseFailure(message: "", line: 0, column: 0))
            }
            return .failure(ParseState.failure(of: last))
        }
        return .success(ParsedXMLDocument(pointer: document))
    }

    /// What the parser's callbacks share: the first problem, the current depth, and libxml2's own element
    /// callbacks, which build the tree.
    private final class ParseState {
        var failure: ParseFailure?
        var depth = 0
        let startElement: startElementNsSAX2Func?
        let endElement: endElementNsSAX2Func?

        init(startElement: startElementNsSAX2Func?, endElement: endElementNsSAX2Func?) {
            self.startElement = startElement
            self.endElement = endElement
        }

        /// The parser context a callback was given, and the state stored in it.
        static func of(_ userData: UnsafeMutableRawPointer?) -> (xmlParserCtxtPtr, ParseState)? {
            guard let userData else { return nil }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let stash = parser.pointee._private else { return nil }
            return (parser, Unmanaged<ParseState>.fromOpaque(stash).takeUnretainedValue())
        }

        /// Records the refusal (it outranks any error before it) and stops the parser where it is.
        func refuse(_ refusal: ParseFailure.Refusal, _ parser: xmlParserCtxtPtr) {
            let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
            failure = ParseFailure(message: "", line: line, column: 0, refusal: refusal)
            xmlStopParser(parser)
        }

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
