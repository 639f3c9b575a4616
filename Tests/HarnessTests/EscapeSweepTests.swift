@testable import AdapterTransports
import CSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

    @Test("a process carrying the marker has ended, not merely been signalled, when the sweep returns")
    func aSweptProcessHasEndedWhenTheSweepReturns() throws {
        let (name, value) = ("MAMCONF_SWEEP_TEST", UUID().uuidString)
        let marker = "\(name)=\(value)"
        // A shell started with the marker alone says it runs (from then on its environment is its own) and waits
        // on its input, which this test never closes: no exec and no child that could race the sweep.
        let shell = Process()
        let (said, input) = (Pipe(), Pipe())
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "echo running; read line"]
        shell.environment = [name: value]
        shell.standardOutput = said
        shell.standardInput = input
        try shell.run()
        defer { if shell.isRunning { kill(shell.processIdentifier, SIGKILL) } }
        let pid = shell.processIdentifier
        #expect(said.fileHandleForReading.availableData.starts(with: Data("running".utf8)))
        #expect(ChildProcess.killProcesses(carrying: marker) == 1)
        // Ended: a zombie (its process descriptor readable at once) or already reaped.
        let ends = mamconf_pidfd_open(pid)
        if ends >= 0 {
            defer { close(ends) }
            var watched = pollfd(fd: ends, events: Int16(POLLIN), revents: 0)
            #expect(poll(&watched, 1, 0) == 1, "the swept process was still running")
        } else {
            #expect(errno == ESRCH)
        }
        #expect(ChildProcess.killProcesses(carrying: marker) == 0, "a second sweep found it again")
    }
}
