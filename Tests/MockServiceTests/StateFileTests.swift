import AdapterProtocol
import CurlHTTP
import Foundation
import Synchronization
import Testing

@testable import MockMAMService

/// `--state-file`: changes are written on the documented schedule, not per request, everything is on disk once the
/// mock stops, and a symbolic link is written through.
@Suite(.serialized) struct StateFileTests {
    static func directory() throws -> String {
        let directory = NSTemporaryDirectory() + "mamconf-state-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("changes wait for the save interval to share one write; stopping writes them at once")
    func writesAreCoalescedAndDurableAtStop() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/state.json"
        // An interval longer than the test: only the stop can write.
        let configuration = MockServiceConfiguration(stateFile: path, stateSaveInterval: .seconds(3600))
        try await MockBackendFixture.with(configuration: configuration) { backend in
            let tenant = try await TenantFixture.create(backend)
            for _ in 0..<50 { _ = try await backend.json("GET", tenant.graph + "/groups") }
            #expect(!FileManager.default.fileExists(atPath: path), "written per request instead of on the schedule")
        }
        let saved = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(saved["tenants"]?.arrayValue?.first?["journal"]?.arrayValue?.count == 50, "the stop wrote every change")
    }

    @Test("a change is on disk within the interval without a stop, and the changes of that interval are one write")
    func writtenOnSchedule() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/state.json"
        let written = DispatchSemaphore(value: 0)
        let writes = Mutex(0)
        let file = StateFile(path: path, interval: .milliseconds(300), onWritten: {
            writes.withLock { $0 += 1 }
            written.signal()
        })
        let state = MockState(clockStart: MockServiceConfiguration.defaultClockStart, tokenLifetime: .seconds(3600), stateFile: file)
        let tenant = await state.createTenant(try TenantSpec.parse(["bundleId": "com.example.app"]))
        for _ in 0..<20 {
            _ = await state.withTenant(tenant.id) { $0.record(method: "GET", path: "/x", route: "graph.listGroups", status: 401, accountId: nil, detail: nil) }
        }
        #expect(await Self.wait(written, seconds: 10), "nothing was written within 10 s of a 300 ms interval")
        #expect(writes.withLock { $0 } == 1, "21 changes within the interval, one write")
        let saved = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(saved["tenants"]?.arrayValue?.first?["journal"]?.arrayValue?.count == 20)
    }

    @Test("once the stop has saved, a write scheduled before it never comes: the file is the stop's, or the next owner's")
    func noWriteAfterTheStopHasSaved() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/state.json"
        let writes = Mutex(0)
        let file = StateFile(path: path, interval: .milliseconds(200), onWritten: { writes.withLock { $0 += 1 } })
        let state = MockState(clockStart: MockServiceConfiguration.defaultClockStart, tokenLifetime: .seconds(3600), stateFile: file)
        _ = await state.createTenant(try TenantSpec.parse(["bundleId": "com.example.app"]))  // schedules a write
        await state.saveNow()
        #expect(writes.withLock { $0 } == 1, "the stop's write")
        // Another program takes the file over, as a test or the next mock does.
        let replaced = Data("taken over".utf8)
        try replaced.write(to: URL(fileURLWithPath: path))
        // A fence: a timer on the writer's queue due well after the scheduled write (twice its interval and a second
        // later, with room for the hand-over it starts), so once it has run, that write has come or been dropped.
        let fence = DispatchSemaphore(value: 0)
        StateFile(path: path, interval: .milliseconds(1400)).afterInterval { fence.signal() }
        #expect(await Self.wait(fence, seconds: 30), "the writer's queue did not reach the fence")
        #expect(writes.withLock { $0 } == 1, "a write scheduled before the stop came after it")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == replaced, "the stopped mock overwrote the file")
    }

    static func wait(_ semaphore: DispatchSemaphore, seconds: Int) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: semaphore.wait(timeout: .now() + .seconds(seconds)) == .success) }.start()
        }
    }

    @Test("a state file that is a symbolic link stays one: the file it points at is replaced")
    func symbolicLinkIsWrittenThrough() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: "\(directory)/real", withIntermediateDirectories: true)
        let target = "\(directory)/real/state.json"
        let link = "\(directory)/state.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/state.json")

        var tenantId = ""
        try await MockBackendFixture.with(configuration: MockServiceConfiguration(stateFile: link)) { backend in
            tenantId = try await TenantFixture.create(backend).id
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/state.json", "the link was replaced")
        let saved = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(saved["tenants"]?.arrayValue?.first?["id"] == .string(tenantId))
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(directory)/real") == ["state.json"], "no temporary file left")

        // And it is read back through the link.
        try await MockBackendFixture.with(configuration: MockServiceConfiguration(stateFile: link)) { backend in
            let journal = try await backend.json("GET", "/_mock/tenants/\(tenantId)/journal")
            #expect(journal.status == 200)
        }
    }
}
