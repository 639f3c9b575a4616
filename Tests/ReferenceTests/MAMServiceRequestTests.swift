import Foundation
@testable import ReferenceSDK
import Testing

/// The bodies the SDK posts to the MAM service: compact JSON with sorted keys, a missing policy version sent as null,
/// and telemetry events that read back as they were held.
@Suite("MAM service request bodies")
struct MAMServiceRequestTests {
    private static func text(_ body: some Encodable) throws -> String {
        String(decoding: try MAMServiceClient.requestBody(body), as: UTF8.self)
    }

    private static let enrollment = TelemetryEvent(name: "enrollment", time: "2026-01-02T03:04:05Z", sdkVersion: "20.1.0",
                                                   appVersion: "1.0", bundleId: "com.contoso.app")

    @Test("an enrollment body carries the account, the device tag and the versions, keys sorted")
    func enrollBody() throws {
        let body = MAMServiceRequest.Enroll(accountId: "a1", upn: "alice@contoso.com", bundleId: "com.contoso.app",
                                            deviceTag: "d1", sdkVersion: "20.1.0", appVersion: "1.0")
        #expect(try Self.text(body) == #"{"accountId":"a1","appVersion":"1.0","bundleId":"com.contoso.app","#
            + #""deviceTag":"d1","sdkVersion":"20.1.0","upn":"alice@contoso.com"}"#)
    }

    @Test("a check-in body always has policyVersion, null when the SDK holds none", arguments: [
        (String?.none, #"{"accountId":"a1","deviceTag":"d1","policyVersion":null}"#),
        ("v7", #"{"accountId":"a1","deviceTag":"d1","policyVersion":"v7"}"#),
    ])
    func checkInBody(version: String?, expected: String) throws {
        #expect(try Self.text(MAMServiceRequest.CheckIn(accountId: "a1", deviceTag: "d1", policyVersion: version)) == expected)
    }

    @Test("an unenrollment body names the account and the device tag only")
    func unenrollBody() throws {
        #expect(try Self.text(MAMServiceRequest.Unenroll(accountId: "a1", deviceTag: "d1"))
            == #"{"accountId":"a1","deviceTag":"d1"}"#)
    }

    @Test("an enrollment event has no check-in fields; a check-in event has its status and a null or named version")
    func telemetryEvents() throws {
        var checkIn = Self.enrollment
        checkIn.name = "checkin"
        checkIn.checkIn = TelemetryEvent.CheckIn(statusCode: 101, policyVersion: nil)
        let body = MAMServiceRequest.Telemetry(accountId: "a1", deviceTag: "d1", events: [Self.enrollment, checkIn])
        #expect(try Self.text(body) == #"{"accountId":"a1","deviceTag":"d1","events":["#
            + #"{"appVersion":"1.0","bundleId":"com.contoso.app","name":"enrollment","sdkVersion":"20.1.0","#
            + #""time":"2026-01-02T03:04:05Z"},"#
            + #"{"appVersion":"1.0","bundleId":"com.contoso.app","name":"checkin","policyVersion":null,"#
            + #""sdkVersion":"20.1.0","statusCode":101,"time":"2026-01-02T03:04:05Z"}]}"#)
    }

    @Test("a held event reads back as it was written", arguments: [
        TelemetryEvent.CheckIn?.none,
        TelemetryEvent.CheckIn(statusCode: 100, policyVersion: nil),
        TelemetryEvent.CheckIn(statusCode: 101, policyVersion: "v2"),
    ])
    func heldEventsRoundTrip(checkIn: TelemetryEvent.CheckIn?) throws {
        var event = Self.enrollment
        event.checkIn = checkIn
        let held = try MAMServiceClient.requestBody(event)
        #expect(try JSONDecoder().decode(TelemetryEvent.self, from: held) == event)
    }
}
