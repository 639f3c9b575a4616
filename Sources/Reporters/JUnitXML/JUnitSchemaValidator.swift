import CLibXML2
import Foundation

/// Validates JUnit XML against an XSD with libxml2.
///
/// CI consumers disagree about JUnit (see `shared/data/junit-schemas/`), so the harness checks its own
/// reports against every schema it claims to satisfy instead of trusting that the writer is right.
/// The compiled schema is reused for every validation. Not `Sendable`: create one per thread or task.
public struct JUnitSchemaValidator {
    /// The XSD this validator was loaded from.
    public let xsdPath: String
    private let schema: CompiledSchema

    /// Loads and compiles the XSD at `xsdPath`; throws ``JUnitSchemaError`` if it is missing or invalid.
    public init(xsdPath: String) throws {
        self.xsdPath = xsdPath
        self.schema = try CompiledSchema(path: xsdPath)
    }

    /// Validates a whole document. Returns libxml2's messages (`line N: …`); empty means valid.
    /// A document that is not well-formed XML yields one message saying why.
    public func validate(_ xml: Data) -> [String] {
        var errors: [String] = []
        guard let document = ParsedXMLDocument.parse(xml, errors: &errors) else { return errors }
        return schema.validate(document)
    }

    /// Validates every `<testsuite>` element on its own, as if it were the root of its own document
    /// (the root itself if it is a `<testsuite>`, otherwise each `<testsuite>` child of the root).
    /// Needed for surefire-test-report.xsd, whose root element is `testsuite`. Messages are prefixed
    /// with `testsuite[i] "name"`. A document without any `<testsuite>` yields an error.
    public func validateEachSuite(_ xml: Data) -> [String] {
        var errors: [String] = []
        guard let document = ParsedXMLDocument.parse(xml, errors: &errors), let root = document.root else {
            return errors.isEmpty ? ["document has no root element"] : errors
        }
        let suites = ParsedXMLDocument.name(of: root) == "testsuite"
            ? [root]
            : ParsedXMLDocument.elementChildren(of: root).filter { ParsedXMLDocument.name(of: $0) == "testsuite" }
        guard !suites.isEmpty else { return ["document has no <testsuite> element"] }
        for (index, suite) in suites.enumerated() {
            let name = xmlGetProp(suite, "name").map { pointer in
                defer { clibxml2_free(pointer) }
                return String(cString: pointer)
            } ?? ""
            let prefix = "testsuite[\(index)] \"\(name)\": "
            guard let single = ParsedXMLDocument.copying(suite) else {
                errors.append(prefix + "could not copy the element")
                continue
            }
            errors += schema.validate(single).map { prefix + $0 }
        }
        return errors
    }
}

/// Owns a compiled `xmlSchema`.
final class CompiledSchema {
    private let pointer: xmlSchemaPtr

    init(path: String) throws(JUnitSchemaError) {
        LibXML.ensureInitialized()
        // Checked first so a missing file is a clear error rather than a libxml2 I/O warning on stderr.
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unusableSchema(path: path, messages: ["file does not exist or is not readable"])
        }
        guard let parser = xmlSchemaNewParserCtxt(path) else {
            throw .unusableSchema(path: path, messages: ["xmlSchemaNewParserCtxt failed"])
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        let collector = XMLErrorCollector()
        xmlSchemaSetParserStructuredErrors(parser, { context, error in
            XMLErrorCollector.record(context: context, message: error?.pointee.message, line: Int32(error?.pointee.line ?? 0))
        }, collector.context)
        let schema = withExtendedLifetime(collector) { xmlSchemaParse(parser) }
        guard let schema else { throw .unusableSchema(path: path, messages: collector.messages) }
        pointer = schema
    }

    deinit {
        xmlSchemaFree(pointer)
    }

    func validate(_ document: ParsedXMLDocument) -> [String] {
        guard let context = xmlSchemaNewValidCtxt(pointer) else { return ["xmlSchemaNewValidCtxt failed"] }
        defer { xmlSchemaFreeValidCtxt(context) }
        let collector = XMLErrorCollector()
        xmlSchemaSetValidStructuredErrors(context, { context, error in
            XMLErrorCollector.record(context: context, message: error?.pointee.message, line: Int32(error?.pointee.line ?? 0))
        }, collector.context)
        let result = withExtendedLifetime(collector) { xmlSchemaValidateDoc(context, document.pointer) }
        var messages = collector.messages
        if result != 0, messages.isEmpty {
            messages.append(result < 0 ? "internal libxml2 validation error" : "document is not valid (\(result) errors)")
        }
        return messages
    }
}
