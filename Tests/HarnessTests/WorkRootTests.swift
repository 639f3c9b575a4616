@testable import ConformanceCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Case data goes to memory only where that is safe, and where the user said nothing else.
@Suite struct WorkRootTests {
    /// Whether this machine has a tmpfs at /dev/shm with the room the rule asks for.
    static var memoryAvailable: Bool {
        WorkRoot.choose(keepData: false, environment: [:]) == "/dev/shm/"
    }

    @Test("a memory file system with room is used when the user chose nothing and keeps nothing",
          .enabled(if: WorkRootTests.memoryAvailable, "no tmpfs with 256 MiB free at /dev/shm on this machine"))
    func memoryIsChosen() {
        #expect(WorkRoot.choose(keepData: false, environment: ["PATH": "/usr/bin"]) == "/dev/shm/")
    }

    /// Each row is a reason to stay in the temporary folder.
    @Test("the temporary folder is used", arguments: [
        (keep: true, environment: [String: String](), memory: "/dev/shm", room: UInt64(1), why: "data kept for the user"),
        (keep: false, environment: ["TMPDIR": "/somewhere/else"], memory: "/dev/shm", room: 1, why: "TMPDIR chosen"),
        (keep: false, environment: [:], memory: "/proc", room: 1, why: "not a tmpfs"),
        (keep: false, environment: [:], memory: "/no/such/folder", room: 1, why: "missing"),
        (keep: false, environment: [:], memory: "/dev/shm", room: UInt64.max, why: "too little room"),
    ])
    func temporaryFolderIsKept(keep: Bool, environment: [String: String], memory: String, room: UInt64, why: String) {
        #expect(WorkRoot.choose(keepData: keep, environment: environment, memory: memory, minimumFree: room) == NSTemporaryDirectory(), "\(why)")
    }

    @Test("the file system type comes from the mount table, the deepest mount point first", arguments: [
        ("/proc", "proc"), ("/proc/self", "proc"), ("/sys/fs", "sysfs"), ("/no/such/folder", nil),
    ])
    func fileSystemTypeFromTheMountTable(path: String, type: String?) {
        #expect(WorkRoot.fileSystemType(of: path) == type)
    }

    @Test("an empty TMPDIR is no choice")
    func emptyTemporaryVariableIsIgnored() {
        #expect(WorkRoot.choose(keepData: false, environment: ["TMPDIR": ""], memory: "/proc")
            == WorkRoot.choose(keepData: false, environment: [:], memory: "/proc"))
    }

    @Test("each work directory is new, named for the process, and inside the chosen root")
    func workDirectoriesAreDistinct() {
        let first = WorkRoot.workDirectory("mutants", keepData: false), second = WorkRoot.workDirectory("mutants", keepData: false)
        #expect(first != second)
        #expect(first.hasPrefix(WorkRoot.choose(keepData: false) + "mamconf-mutants-\(getpid())-"))
        #expect(WorkRoot.workDirectory("", keepData: true).hasPrefix(NSTemporaryDirectory() + "mamconf-\(getpid())-"))
    }
}
