import AdapterProtocol
import Foundation
import Testing

/// The adapter protocol's vocabulary lives in `AdapterProtocol` alone: a wire name spelled as a string
/// literal anywhere else could drift from it without any compiler noticing.
@Suite struct VocabularyOwnershipTests {
    /// Names that can only be protocol vocabulary (dotted or hyphenated, so ordinary words and JSON keys do
    /// not count). Status names are left out: the MAM service's own HTTP error codes, which the mock and the
    /// reference SDK speak between themselves, are the same words.
    static var wireNames: Set<String> {
        let all = RunnerMethod.allCases.map(\.rawValue) + EventMethod.allCases.map(\.rawValue)
            + Question.allCases.map(\.rawValue) + Capability.allCases.map(\.rawValue)
            + UIKind.allCases.map(\.rawValue) + AppEventKind.allCases.map(\.rawValue)
            + NotificationName.allCases.map(\.rawValue) + ServiceRoute.allCases.map(\.rawValue)
            + SwitchResult.allCases.map(\.rawValue) + IdentitySwitchReason.allCases.map(\.rawValue)
            + BlockReason.allCases.map(\.rawValue) + NotificationPolicy.allCases.map(\.rawValue)
        return Set(all.filter { $0.contains(".") || $0.contains("-") })
    }

    @Test func noWireNameIsSpelledOutsideAdapterProtocol() throws {
        let sources = URL(fileURLWithPath: Repository.root).appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let literal = try Regex(#""([^"\\]*)""#)
        var found: [String] = []
        var scanned = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            guard !url.path.contains("/Sources/Protocol/AdapterProtocol/") else { continue }
            scanned += 1
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                for match in line.matches(of: literal) {
                    let text = String(match.output[1].substring ?? "")
                    if Self.wireNames.contains(text) {
                        found.append("\(url.path.replacingOccurrences(of: Repository.root + "/", with: "")):\(index + 1): \"\(text)\"")
                    }
                }
            }
        }
        #expect(scanned > 100, "the scan must see the sources (saw \(scanned) files)")
        #expect(found.isEmpty, "wire names spelled outside AdapterProtocol:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScanWouldSeeALiteral() throws {
        // The check above can fail: a literal of a known name is recognised.
        let line = #"        server.notify(method: "event.status", params: x)"#
        let literal = try Regex(#""([^"\\]*)""#)
        let names = line.matches(of: literal).compactMap { $0.output[1].substring.map(String.init) }
        #expect(names.contains { Self.wireNames.contains($0) })
    }
}
