import CLibXML2

/// Process-wide libxml2 initialisation.
///
/// libxml2 requires `xmlInitParser()` before it is used from several threads; a `static let` runs it
/// exactly once. There is deliberately no `xmlCleanupParser()`: FoundationXML shares `libxml2.so.2`.
enum LibXML {
    static let ready: Bool = {
        xmlInitParser()
        return true
    }()

    static func ensureInitialized() {
        _ = ready
    }
}
