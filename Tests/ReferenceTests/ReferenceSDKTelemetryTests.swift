import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Telemetry (ENR-13, ENR-16): an enrollment's event uploaded with that of the check-in that follows it, one upload
/// after every other check-in, none when disabled, and a failing upload never changes what the app sees.
@Suite("ReferenceSDK telemetry")
struct ReferenceSDKTelemetryTests {
    @Test("the enrollment's event goes up with its check-in's, and every later check-in uploads its own, with the user's token")
    func sentByDefault() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let uploads = try await fixture.backend.calls("mam.telemetry")
        #expect(uploads.map(\.status) == [204])
        #expect(uploads.first?.detail?.contains("events=2 names=enrollment,checkin ") == true, "got instead: \(uploads)")
        #expect(uploads.allSatisfy { $0.accountId?.lowercased() == alice.objectId })
        try await fixture.advance(hours: 8)
        let later = try await fixture.backend.calls("mam.telemetry")
        #expect(later.count == 2)
        #expect(later.last?.detail?.contains("events=1 names=checkin ") == true, "got instead: \(later)")
        await fixture.tearDown()
    }

    @Test("an enrollment whose check-in fails still uploads its event, alone")
    func enrollmentEventOutlivesAFailedCheckIn() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(route: "mam.checkin", status: 503)
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        let uploads = try await fixture.backend.calls("mam.telemetry")
        #expect(uploads.map(\.status) == [204])
        #expect(uploads.first?.detail?.contains("events=1 names=enrollment ") == true, "got instead: \(uploads)")
        #expect(try await fixture.backend.calls("mam.checkin").map(\.status) == [503])
        await fixture.tearDown()
    }

    @Test("MAMTelemetryDisabled: nothing is sent")
    func disabled() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(settings: IntuneMAMSettings(telemetryDisabled: true))
        await fixture.signInAndRegister("alice")
        try await fixture.advance(hours: 8)
        #expect(try await fixture.backend.calls("mam.telemetry").isEmpty)
        #expect(try await fixture.backend.calls("mam.checkin").count == 2)
        await fixture.tearDown()
    }

    @Test("a failing upload is ignored: the app sees exactly what it sees without telemetry")
    func failuresIgnored() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(route: "mam.telemetry", status: 503)
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [
            .enrollment(.newPoliciesReceived, accountId: id, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: id, didSucceed: true),
            .restartApplication,
            .policy(.policiesHaveNotChanged, accountId: id, didSucceed: true),
        ])
        #expect(try await fixture.backend.calls("mam.telemetry").map(\.status) == [503, 503])
        #expect(!fixture.app.logs.contains { $0.contains("telemetry") && !$0.contains("dropped") })
        #expect(fixture.clock.pendingDeadlines.count == 1, "only the next check-in is pending, no telemetry retry")
        await fixture.tearDown()
    }

    @Test("defect telemetryDespiteDisabled: uploads although MAMTelemetryDisabled is set")
    func despiteDisabled() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(settings: IntuneMAMSettings(telemetryDisabled: true), defects: [.telemetryDespiteDisabled])
        await fixture.signInAndRegister("alice")
        #expect(try await fixture.backend.calls("mam.telemetry").count == 1)
        await fixture.tearDown()
    }
}
