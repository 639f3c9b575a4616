import Foundation
import TestSupport
import Testing

/// `make bench` ends with `mamconf-transport-bench`; no other test starts it, and it once crashed at every run
/// unnoticed. This keeps its round-trip part running (its whole runs are left out for time: `--runs 0`).
@Suite struct TransportBenchmarkTests {
    @Test func theTransportBenchmarkTimesTheRoundTripOverStdioAndOverTCP() async throws {
        let bench = (try EndToEnd.referenceExecutable() as NSString).deletingLastPathComponent + "/mamconf-transport-bench"
        try #require(FileManager.default.isExecutableFile(atPath: bench), "\(bench) is built with everything else")
        let run = try await runCommand([bench, "--messages", "20", "--runs", "0"])
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        // One row per transport: its name, then mean, median and 99th percentile in microseconds.
        for transport in ["stdio", "tcp"] {
            let row = run.output.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(transport + " ") }
            let figures = row?.split(separator: " ").dropFirst().compactMap { Double($0) } ?? []
            #expect(figures.count == 3 && figures.allSatisfy { $0 > 0 }, "\(transport): \(row.map(String.init) ?? "no row") in \(run.output)")
        }
        #expect(run.output.contains("tcp/stdio median ratio:"))
        #expect(!run.output.contains("whole default run"), "--runs 0 leaves the whole runs out")
    }
}
