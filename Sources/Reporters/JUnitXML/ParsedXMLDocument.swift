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

    /// Parses `xml` without network access. On failure returns nil and appends libxml2's reason.
    static func parse(_ xml: Data, errors: inout [String]) -> ParsedXMLDocument? {
        LibXML.ensureInitialized()
        guard let length = Int32(exactly: xml.count) else {
            errors.append("document of \(xml.count) bytes is too large")
            return nil
        }
        guard let context = xmlNewParserCtxt() else {
            errors.append("xmlNewParserCtxt failed")
            return nil
        }
        defer { xmlFreeParserCtxt(context) }
        // NOERROR/NOWARNING keep libxml2 from printing to stderr; the reason is read back below.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = xml.withUnsafeBytes { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, length, "junit.xml", nil, options)
            }
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            if let last = xmlCtxtGetLastError(context) {
                errors.append("not well-formed: " + XMLErrorCollector.format(message: last.pointee.message, line: Int32(last.pointee.line)))
            } else {
                errors.append("not well-formed XML")
            }
            return nil
        }
        return ParsedXMLDocument(pointer: document)
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
}
