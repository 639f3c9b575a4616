import CLibXML2
import Foundation

/// Gathers libxml2's structured errors into strings instead of letting them go to stderr.
///
/// libxml2 calls back through a C function pointer with a `void *` context, so the collector is passed
/// unretained; callers keep it alive with `withExtendedLifetime` for the duration of the libxml2 call.
final class XMLErrorCollector {
    private(set) var messages: [String] = []

    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func add(_ message: String) {
        messages.append(message)
    }

    /// Records one libxml2 error: `line N: message`.
    static func record(context: UnsafeMutableRawPointer?, message: UnsafeMutablePointer<CChar>?, line: Int32) {
        guard let context else { return }
        let collector = Unmanaged<XMLErrorCollector>.fromOpaque(context).takeUnretainedValue()
        collector.add(format(message: message, line: line))
    }

    static func format(message: UnsafeMutablePointer<CChar>?, line: Int32) -> String {
        let text = message.map { String(cString: $0) } ?? "unknown libxml2 error"
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return line > 0 ? "line \(line): \(trimmed)" : trimmed
    }
}
