@testable import AdapterTransports
import Testing

/// The exit sweep kills a process only when the case's marker is a whole entry of its environment.
@Suite struct EnvironmentMarkerTests {
    private func environment(_ entries: [String]) -> ArraySlice<UInt8> {
        ArraySlice(entries.flatMap { Array($0.utf8) + [0] })
    }

    private let marker = Array("MAMCONF_DATA_DIR=/w/a/b".utf8) + [0]

    @Test func findsTheMarkerAsAnyWholeEntry() {
        #expect(ChildProcess.contains(environment(["MAMCONF_DATA_DIR=/w/a/b"]), entry: marker))
        #expect(ChildProcess.contains(environment(["PATH=/bin", "MAMCONF_DATA_DIR=/w/a/b", "HOME=/"]), entry: marker))
    }

    @Test func ignoresTheMarkerInsideAnotherEntry() {
        #expect(!ChildProcess.contains(environment(["X_MAMCONF_DATA_DIR=/w/a/b"]), entry: marker))
        #expect(!ChildProcess.contains(environment(["MAMCONF_DATA_DIR=/w/a/b/c"]), entry: marker))
        #expect(!ChildProcess.contains(environment(["MAMCONF_DATA_DIR=/w/a"]), entry: marker))
        #expect(!ChildProcess.contains(environment([]), entry: marker))
    }

    /// An entry that ends with the marker comes before the real one: the real one still counts.
    @Test func findsTheMarkerAfterAnEntryEndingWithIt() {
        #expect(ChildProcess.contains(environment(["X_MAMCONF_DATA_DIR=/w/a/b", "MAMCONF_DATA_DIR=/w/a/b"]), entry: marker))
    }

    /// Only a NUL-terminated entry is whole: a truncated environment's last bytes may be the start of a longer value.
    @Test func anUnterminatedLastEntryIsNotWhole() {
        let unterminated = environment(["PATH=/bin"]) + Array("MAMCONF_DATA_DIR=/w/a/b".utf8)
        #expect(!ChildProcess.contains(unterminated, entry: marker))
    }
}
