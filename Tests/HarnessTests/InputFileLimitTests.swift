import ConformanceCore
import Foundation
@testable import SuiteLoader
import Synchronization
import TestSupport
import Testing

/// Suites, fixtures, the requirement catalog, known-failures lists and tenant files are read only when they are
/// regular files, and never past a size limit: a FIFO, a device, `/proc` or a huge file is an error naming the
/// file, reported at once, never a hang or gigabytes of memory.
@Suite struct InputFileLimitTests {
    /// What stands where an input file should be.
    enum Hostile: String, CaseIterable, Sendable {
        case fifo, deviceZero, directory, oversized, procPagemap

        func make(at path: String) throws {
            switch self {
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .deviceZero: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            case .oversized:
                #expect(FileManager.default.createFile(atPath: path, contents: nil))
                #expect(truncate(path, off_t(InputFile.byteLimit + 1)) == 0)
            case .procPagemap: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/proc/self/pagemap")
            }
        }

        /// How the error says what is wrong.
        var says: String {
            switch self {
            case .fifo, .deviceZero: return "not a regular file"
            case .directory: return "directory"
            case .oversized, .procPagemap: return "larger than \(InputFile.byteLimit / (1 << 20)) MiB"
            }
        }
    }

    /// Which input file it stands in for.
    enum Role: String, CaseIterable, Sendable {
        case suite, tenantFixture, policyFixture, catalog, expectedFailures, tenantFile

        /// Loads the input with the hostile file in place and returns the errors.
        func load(in folder: String, hostile: Hostile) throws -> (path: String, errors: [SuiteError]) {
            switch self {
            case .suite:
                let path = "\(folder)/suite.yaml"
                try hostile.make(at: path)
                return (path, SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil).load(paths: [path]).errors)
            case .tenantFixture, .policyFixture:
                let fixtures = "\(folder)/fixtures"
                for kind in ["tenants", "policies"] {
                    try FileManager.default.createDirectory(atPath: "\(fixtures)/\(kind)", withIntermediateDirectories: true)
                    for name in try FileManager.default.contentsOfDirectory(atPath: "\(Repository.fixtures)/\(kind)") {
                        try FileManager.default.copyItem(atPath: "\(Repository.fixtures)/\(kind)/\(name)", toPath: "\(fixtures)/\(kind)/\(name)")
                    }
                }
                let path = self == .tenantFixture ? "\(fixtures)/tenants/contoso.yaml" : "\(fixtures)/policies/pin-required.yaml"
                try FileManager.default.removeItem(atPath: path)
                try hostile.make(at: path)
                let suite = "\(Repository.suites)/first-policy-application.yaml"
                return (path, SuiteLoader(fixturesDirectory: fixtures, catalog: nil).load(paths: [suite]).errors)
            case .catalog:
                let path = "\(folder)/requirements.yaml"
                try hostile.make(at: path)
                return (path, RequirementCatalog.load(path: path).1)
            case .expectedFailures:
                let path = "\(folder)/known.yaml"
                try hostile.make(at: path)
                return (path, ExpectedFailuresFile.load(path: path).1)
            case .tenantFile:
                let path = "\(folder)/tenant.yaml"
                try hostile.make(at: path)
                return (path, TenantFile.load(path: path, environment: [:]).1)
            }
        }
    }

    /// Runs `body` on a thread of its own and gives up waiting after `seconds` (a read that never ends must fail
    /// the test, not hang the suite).
    static func finishing<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) async -> T? {
        let slot = Slot<T>()
        return await offPool {
            let done = DispatchSemaphore(value: 0)
            Thread {
                slot.value.withLock { $0 = body() }
                done.signal()
            }.start()
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return slot.value.withLock { $0 }
        }
    }

    final class Slot<T: Sendable>: Sendable {
        let value = Mutex<T?>(nil)
    }

    @Test(arguments: Role.allCases, Hostile.allCases)
    func aHostileInputFileIsAnErrorNamingItNeverAHangOrAFlood(role: Role, hostile: Hostile) async throws {
        let folder = NSTemporaryDirectory() + "mamconf-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = await Self.finishing(within: 20) { () -> Result<(String, [SuiteError]), any Error> in
            Result { try role.load(in: folder, hostile: hostile) }
        }
        let (path, errors) = try #require(loaded, "\(role) as \(hostile): still reading after 20 s").get()
        let naming = errors.filter { $0.description.contains(path) && $0.description.contains(hostile.says) }
        #expect(naming.count == 1, "\(role) as \(hostile): \(errors.map(\.description))")
        if role == .suite || role == .catalog || role == .expectedFailures || role == .tenantFile {
            #expect(naming.first?.location.file == path, "the error is at the file itself: \(naming.map(\.description))")
        }
    }

    @Test func theDigestNeverReadsAFixtureOverTheLimitNorAnythingButRegularFiles() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-digest-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for kind in ["tenants", "policies"] { try FileManager.default.createDirectory(atPath: "\(folder)/\(kind)", withIntermediateDirectories: true) }
        try "bundleId: x\nusers: []\n".write(toFile: "\(folder)/tenants/contoso.yaml", atomically: true, encoding: .utf8)
        // A gigabyte that takes no disk: read whole, it would take a gigabyte of memory.
        #expect(FileManager.default.createFile(atPath: "\(folder)/policies/huge.yaml", contents: nil))
        #expect(truncate("\(folder)/policies/huge.yaml", 1 << 30) == 0)
        try Hostile.fifo.make(at: "\(folder)/policies/pipe.yaml")
        try Hostile.deviceZero.make(at: "\(folder)/policies/zero.yaml")

        let digest = await Self.finishing(within: 20) {
            SuiteDigest.compute(suiteFiles: [], suitesDirectory: folder, fixturesDirectory: folder)
        }
        #expect(digest != nil, "the digest is still reading after 20 s")

        // The huge file is never read, only sized: its bytes cannot change a verdict (the loader refuses it), its
        // size still changes the digest.
        let handle = try #require(FileHandle(forWritingAtPath: "\(folder)/policies/huge.yaml"))
        try handle.seek(toOffset: 1 << 29)
        try handle.write(contentsOf: Data("changed".utf8))
        try handle.close()
        #expect(SuiteDigest.compute(suiteFiles: [], suitesDirectory: folder, fixturesDirectory: folder) == digest, "the huge file was read")
        #expect(truncate("\(folder)/policies/huge.yaml", (1 << 30) + 1) == 0)
        #expect(SuiteDigest.compute(suiteFiles: [], suitesDirectory: folder, fixturesDirectory: folder) != digest)
    }

    @Test func aFixturesFolderPointingAtProcIsDigestedAndLoadedAtOnce() async throws {
        let result = await Self.finishing(within: 20) { () -> (String, [SuiteError]) in
            let digest = SuiteDigest.compute(suiteFiles: [], suitesDirectory: Repository.suites, fixturesDirectory: "/proc")
            let loaded = SuiteLoader(fixturesDirectory: "/proc", catalog: nil).load(paths: ["\(Repository.suites)/enrollment.yaml"])
            return (digest, loaded.errors)
        }
        let (_, errors) = try #require(result, "still reading /proc after 20 s")
        #expect(errors.contains { $0.message.contains("/proc/tenants/") }, "\(errors.prefix(3))")
    }
}
