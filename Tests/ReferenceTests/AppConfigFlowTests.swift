import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``AppConfigFlow`` on its own, over a device from the fixture builder with a recording host: what the check-ins'
/// configuration deliveries leave held and announce, whose it is, and what an unenroll leaves.
@Suite struct AppConfigFlowTests {
    static func answer(_ data: [[String: String]]?, version: String? = nil) -> MAMServiceClient.CheckInAnswer {
        MAMServiceClient.CheckInAnswer(policyJSON: nil, policyVersion: nil, wipeRequested: false, appConfig: data,
                                       appConfigVersion: version)
    }

    /// The flow of a fresh runtime with `defects`, and its recording host.
    static func flow(defects: Set<SDKDefect> = []) async throws -> (SDKFixture, AppConfigFlow) {
        var builder = SDKFixture.Builder()
        builder.appSide = .recordingHost
        let fixture = try await builder.make()
        fixture.makeRuntime(defects: defects)
        return (fixture, fixture.sdk.engine.appConfig)
    }

    /// The defects planted, and how many `appConfigDidChange` the five deliveries post: empty (no change from none),
    /// a value, the same again, no configuration at all (left as it is), a new version of the same value.
    static let announcements: [(defects: Set<SDKDefect>, posted: Int)] = [
        ([], 2),
        ([.configNotifiedEveryCheckIn], 4),
        ([.configChangeNotNotified], 0),
    ]

    @Test(arguments: announcements)
    func aDeliveryIsAnnouncedOnceWhenItChangesWhatTheAccountHeld(defects: Set<SDKDefect>, posted: Int) async throws {
        let (fixture, flow) = try await Self.flow(defects: defects)
        flow.receive(Self.answer([]), accountId: "alice-id")
        flow.receive(Self.answer([["colour": "blue"]]), accountId: "alice-id")
        flow.receive(Self.answer([["colour": "blue"]]), accountId: "alice-id")
        flow.receive(Self.answer(nil), accountId: "alice-id")
        flow.receive(Self.answer([["colour": "blue"]], version: "2"), accountId: "alice-id")
        #expect(fixture.host.notifications(.appConfigDidChange).count == posted)
        #expect(flow.data(for: "ALICE-ID") == [["colour": "blue"]], "the last delivery is held, whatever was announced")
        await fixture.tearDown()
    }

    @Test(arguments: [(defects: Set<SDKDefect>(), kept: false), (defects: Set<SDKDefect>([.configKeptAfterUnenroll]), kept: true)])
    func theConfigurationIsTheDeliveredAccountsOnlyAndGoesWithItsUnenroll(defects: Set<SDKDefect>, kept: Bool) async throws {
        let (fixture, flow) = try await Self.flow(defects: defects)
        flow.receive(Self.answer([["colour": "blue"]]), accountId: "alice-id")
        #expect(flow.data(for: "bob-id").isEmpty, "another account has none")
        #expect(flow.data(for: nil).isEmpty)
        flow.drop(of: "bob-id")
        #expect(flow.data(for: "alice-id") == [["colour": "blue"]], "another account's unenroll leaves it")
        flow.drop(of: "ALICE-ID")
        #expect(flow.data(for: "alice-id").isEmpty == !kept)
        await fixture.tearDown()
    }
}
