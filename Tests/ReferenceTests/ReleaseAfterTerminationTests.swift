import AdapterKit
import Foundation
@testable import IntuneBinding
@testable import ReferenceSDK
import Testing

/// A long-lived test host runs case after case in one process, so what a case's app and SDK runtime hold must go
/// when they end: kept, every case's HTTP clients kept their connections open, until the host had no descriptor left.
@Suite struct ReleaseAfterTerminationTests {
    typealias BareApp = IntuneBindingBareHostTests.BareApp

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-release-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The links between the runtime's flows held each other in a cycle through the flows' values.
    @Test func aTerminatedRuntimeLetsGoOfItsWorkQueueAndItsServiceClient() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        weak var work: SDKWorkQueue?
        weak var service: MAMServiceClient?
        do {
            let app = BareApp(dataDirectory: directory)
            work = app.runtime.engine.work
            service = app.runtime.engine.service
            #expect(work != nil && service != nil)
            app.runtime.terminate()
        }
        #expect(work == nil, "the work queue outlived its runtime")
        #expect(service == nil, "the service client outlived its runtime")
    }

    /// The session held the last installed app; in the reference that app holds the device, which holds the session.
    @Test func aSessionLetsGoOfAnAppThatEndedButKeepsTheOneInstalled() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = BindingSession(channel: AdapterServer(input: -1, output: -1, diagnostics: { _ in }))
        weak var ended: BareApp?
        do {
            let first = BareApp(dataDirectory: directory)
            ended = first
            session.install(on: first)
            let second = BareApp(dataDirectory: directory)
            // Another app's end leaves the installed one alone.
            session.uninstall(from: second)
            #expect(session.installedApp === first)
            first.runtime.terminate()
            session.uninstall(from: first)
            #expect(session.installedApp == nil)
        }
        #expect(ended == nil, "the session kept an app that had ended")
    }
}
