import Foundation
import TestSupport
import Testing

/// A command line mamconf must refuse before it runs a case: exit 2, and the one-line cause in its output.
enum UsageProblem {
    static func expectRefused(_ arguments: [String], saying words: String) async throws {
        let report = NSTemporaryDirectory() + "mamconf-usage-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let (status, output) = try await runCommand([InterruptionTests.mamconf, "run", "--junit", report] + arguments)
        #expect(status == 2, "\(output)")
        #expect(output.contains(words), "\(output)")
    }
}
