@testable import AdapterTransports
import Testing

/// The sweeps for processes that left the case's process group: after a clean sweep nothing is left to find, so none
/// follows it; after one that killed something, sweeps follow until one is clean, and never without end.
@Suite("Escaped-process sweeps")
struct EscapeSweepTests {
    @Test("sweeps run until one kills nothing, within the round limit", arguments: [
        // (the sweep before was clean, what each sweep kills, sweeps expected, killed in all)
        (true, [3], 0, 0),
        (false, [0], 1, 0),
        (false, [2, 0], 2, 2),
        (false, [1, 1, 0], 3, 2),
        (false, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], StdioAdapterSession.sweepRounds, StdioAdapterSession.sweepRounds),
    ])
    func sweepsUntilClean(cleanSoFar: Bool, kills: [Int], sweeps: Int, total: Int) {
        var made = 0
        let killed = StdioAdapterSession.sweepUntilClean(cleanSoFar: cleanSoFar) {
            defer { made += 1 }
            return kills[min(made, kills.count - 1)]
        }
        #expect(made == sweeps)
        #expect(killed == total)
    }
}
