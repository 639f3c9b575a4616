import CLibXML2
import Foundation

/// A thin, throwing wrapper over an `xmlTextWriter` that writes into memory or straight into a file
/// descriptor (a large report never sits in memory whole).
///
/// All text and attribute values go through ``XMLText`` and are written as raw bytes with an explicit
/// length, so a NUL or a control character can never reach libxml2 (which would truncate at the NUL
/// and emit the control character as-is, producing a file no parser accepts).
final class XMLWriter {
    private let buffer: xmlBufferPtr?
    private let writer: xmlTextWriterPtr

    /// Writes to `fd` as it goes (the descriptor stays open; ``finish()`` returns no bytes).
    init(fd: Int32) throws(JUnitWriterError) {
        LibXML.ensureInitialized()
        guard let output = xmlOutputBufferCreateFd(fd, nil) else { throw .libxml("xmlOutputBufferCreateFd") }
        guard let writer = xmlNewTextWriter(output) else {
            _ = xmlOutputBufferClose(output)
            throw .libxml("xmlNewTextWriter")
        }
        self.buffer = nil
        self.writer = writer
        try check(xmlTextWriterSetIndent(writer, 1), "xmlTextWriterSetIndent")
        try check(xmlTextWriterSetIndentString(writer, "  "), "xmlTextWriterSetIndentString")
    }

    init() throws(JUnitWriterError) {
        LibXML.ensureInitialized()
        guard let buffer = xmlBufferCreate() else { throw .libxml("xmlBufferCreate") }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw .libxml("xmlNewTextWriterMemory")
        }
        self.buffer = buffer
        self.writer = writer
        try check(xmlTextWriterSetIndent(writer, 1), "xmlTextWriterSetIndent")
        try check(xmlTextWriterSetIndentString(writer, "  "), "xmlTextWriterSetIndentString")
    }

    deinit {
        xmlFreeTextWriter(writer)
        if let buffer { xmlBufferFree(buffer) }
    }

    func startDocument() throws(JUnitWriterError) {
        try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
    }

    /// `name` must be a literal element name; it is not escaped.
    func startElement(_ name: String) throws(JUnitWriterError) {
        try check(xmlTextWriterStartElement(writer, name), "xmlTextWriterStartElement(\(name))")
    }

    /// `name` must be a literal attribute name; `value` may be any text.
    func attribute(_ name: String, _ value: String) throws(JUnitWriterError) {
        try check(xmlTextWriterStartAttribute(writer, name), "xmlTextWriterStartAttribute(\(name))")
        try raw(XMLText.escapedAttribute(value))
        try check(xmlTextWriterEndAttribute(writer), "xmlTextWriterEndAttribute(\(name))")
    }

    func text(_ value: String) throws(JUnitWriterError) {
        try raw(XMLText.escapedText(value))
    }

    func endElement() throws(JUnitWriterError) {
        try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
    }

    /// Closes all open elements and returns the document bytes.
    func finish() throws(JUnitWriterError) -> Data {
        try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
        try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
        guard let buffer, let content = xmlBufferContent(buffer) else { return Data() }
        return Data(bytes: content, count: Int(xmlBufferLength(buffer)))
    }

    private func raw(_ bytes: [UInt8]) throws(JUnitWriterError) {
        guard !bytes.isEmpty else { return }
        guard let length = Int32(exactly: bytes.count) else { throw .libxml("text of \(bytes.count) bytes is too long") }
        let result = bytes.withUnsafeBufferPointer { xmlTextWriterWriteRawLen(writer, $0.baseAddress, length) }
        try check(result, "xmlTextWriterWriteRawLen")
    }

    private func check(_ result: Int32, _ call: String) throws(JUnitWriterError) {
        if result < 0 { throw .libxml(call) }
    }
}
