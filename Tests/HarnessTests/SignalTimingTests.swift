#if canImport(Glibc)
import Glibc
#endif
import CSpawn
import ConformanceCore
import Foundation
import TestSupport
import Testing

/// SIGINT and SIGTERM at any moment of the first second of a run — before the suites are loaded, while the
/// mock starts, during the first cases — always end with 130/143, a complete report and no adapter left.
///
/// mamconf is started with both signals blocked, as they are from the first instruction of its `main` on:
/// a signal sent before `main` runs stays pending instead of killing a process that cannot act yet, so every
/// moment from 0 ms on tests what mamconf does with it.
@Suite(.serialized) struct SignalTimingTests {
    static let delays: [Double] = [0, 0.002, 0.005, 0.01, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0]

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalAtAnyMomentOfTheFirstSecondEndsCleanly(_ signalNumber: Int32) async throws {
        let mamconf = InterruptionTests.mamconf
        var outcomes: [String] = []
        for delay in Self.delays {
            let work = NSTemporaryDirectory() + "mamconf-signal-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: work) }
            let report = "\(work)/junit.xml"
            let pid = try Self.spawnBlocked([mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--junit", report])
            let timer = DeadlineTimer(after: .seconds(delay)) { _ = kill(pid, signalNumber) }
            let status = await offPool { () -> Int32 in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                return status
            }
            timer.cancel()
            let exited = status & 0x7f == 0
            let code = (status >> 8) & 0xff
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            let leftovers = Self.adaptersOf(pid)
            outcomes.append("\(Int(delay * 1000)) ms: \(exited ? "exit \(code)" : "killed by \(status & 0x7f)"), report \(text.contains("</testsuites>") ? "complete" : "missing"), \(leftovers.count) left")
            #expect(exited && code == (signalNumber == SIGTERM ? 143 : 130), "at \(delay) s: status \(status)")
            #expect(text.hasPrefix("<?xml") && text.contains("</testsuites>"), "at \(delay) s the report is not complete")
            #expect(leftovers.isEmpty, "at \(delay) s adapters survived: \(leftovers)")
        }
        #expect(outcomes.count == Self.delays.count, "\(outcomes)")
    }

    /// Signals spread over a whole short run, its report writing included: the report is always complete, and
    /// the exit is 130 (or 0 when the run had finished before the signal came).
    @Test func aSignalAtAnyMomentOfAShortRunLeavesACompleteReport() async throws {
        let mamconf = InterruptionTests.mamconf
        for step in 0..<16 {
            let delay = Double(step) * 0.08
            let work = NSTemporaryDirectory() + "mamconf-signal-late-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: work) }
            let report = "\(work)/junit.xml"
            let pid = try Self.spawnBlocked([mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                                             "--suite", "policy-queries", "--junit", report])
            let timer = DeadlineTimer(after: .seconds(delay)) { _ = kill(pid, SIGINT) }
            let status = await offPool { () -> Int32 in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                return status
            }
            timer.cancel()
            let code = (status >> 8) & 0xff
            #expect(status & 0x7f == 0 && (code == 130 || code == 0), "at \(delay) s: status \(status)")
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            #expect(text.hasPrefix("<?xml") && text.contains("</testsuites>"), "at \(delay) s the report is not complete")
            #expect(Self.adaptersOf(pid).isEmpty, "at \(delay) s adapters survived")
        }
    }

    /// Starts a process with SIGINT and SIGTERM blocked and its output discarded.
    /// - Parameter extra: variables added to this process's environment for the child only (never `setenv`: changing
    ///   the environment while other tests' threads spawn processes corrupts what they copy).
    static func spawnBlocked(_ arguments: [String], extra: [String: String] = [:]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in extra { environment[name] = value }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return pid
    }

    /// Processes still running with a data directory of the mamconf run `pid` (read once from /proc).
    static func adaptersOf(_ pid: pid_t) -> [String] {
        // The run's work directory is <root>mamconf-<pid>-<8 hex>/ (WorkRoot), its cases' folders inside it.
        let marker = Data("MAMCONF_DATA_DIR=\(WorkRoot.choose(keepData: false))mamconf-\(pid)-".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard let other = Int32(entry), !ProcessChecks.isGone(other),
                  let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                  environment.range(of: marker) != nil else { return nil }
            return entry
        }
    }
}

/// Even a SIGKILL of mamconf, which nothing can catch, takes its adapter along: an adapter that ignores end
/// of input and SIGTERM dies with the process that started it.
@Suite(.serialized) struct ParentDeathTests {
    @Test func anAdapterThatIgnoresEverythingDiesWhenMamconfIsKilled() async throws {
        let work = NSTemporaryDirectory() + "mamconf-deaf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let fifo = "\(work)/ready"
        #expect(mkfifo(fifo, 0o600) == 0)
        let adapter = "\(Repository.testData)/adapters/deaf_adapter.py"
        let mamconf = try SignalTimingTests.spawnBlocked([
            InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
            "--junit", "\(work)/junit.xml", "--step-timeout", "120", "--adapter-env", "DEAF_READY_FIFO", "--", "/usr/bin/env", "python3", adapter,
        ], extra: ["DEAF_READY_FIFO": fifo])
        // The adapter names itself through the FIFO: opening it blocks until the adapter opens it, an event.
        let adapterPid = await offPool { () -> Int32 in
            guard let handle = FileHandle(forReadingAtPath: fifo) else { return -1 }
            defer { try? handle.close() }
            let text = String(decoding: readToEnd(handle.fileDescriptor), as: UTF8.self)
            return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        try #require(adapterPid > 0)
        kill(mamconf, SIGKILL)
        let reaped = await offPool { () -> Bool in
            var status: Int32 = 0
            return waitpid(mamconf, &status, 0) == mamconf
        }
        #expect(reaped)
        // pidfd: readable when the process ends; a poll with a deadline, never a sleep.
        let pidfd = mamconf_pidfd_open(adapterPid)
        if pidfd < 0 {
            #expect(ProcessChecks.isGone(adapterPid), "the adapter survived mamconf")
            return
        }
        defer { close(pidfd) }
        let ended = await offPool { () -> Bool in
            var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 10_000) == 1
        }
        #expect(ended, "the adapter (pid \(adapterPid)) outlived the SIGKILL of mamconf")
        if !ended { kill(adapterPid, SIGKILL) }
    }
}
