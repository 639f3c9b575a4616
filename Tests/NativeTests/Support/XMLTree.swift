import CLibXML2
import Foundation

/// A parsed XML element as plain Swift values, for asserting on the writer's output.
///
/// Parsing with libxml2 itself (not string matching) proves the output is well-formed and shows the
/// text exactly as any XML consumer will see it after unescaping.
struct XMLElement: Sendable {
    var name: String
    var attributes: [String: String]
    /// The concatenated text and CDATA children (not descendants).
    var text: String
    var children: [XMLElement]

    /// Parses `data`; nil if it is not well-formed XML.
    static func parse(_ data: Data) -> XMLElement? {
        let document = data.withUnsafeBytes { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), "test.xml", nil, Int32(XML_PARSE_NONET.rawValue))
            }
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        return xmlDocGetRootElement(document).map(convert)
    }

    func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    func child(_ name: String) -> XMLElement? {
        children.first { $0.name == name }
    }

    private static func convert(_ node: xmlNodePtr) -> XMLElement {
        var element = XMLElement(name: string(node.pointee.name), attributes: [:], text: "", children: [])
        var attribute = node.pointee.properties
        while let current = attribute {
            element.attributes[string(current.pointee.name)] = textOf(current.pointee.children)
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: element.children.append(convert(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: element.text += string(current.pointee.content)
            default: break
            }
            child = current.pointee.next
        }
        return element
    }

    private static func textOf(_ first: xmlNodePtr?) -> String {
        var text = ""
        var node = first
        while let current = node {
            text += string(current.pointee.content)
            node = current.pointee.next
        }
        return text
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
