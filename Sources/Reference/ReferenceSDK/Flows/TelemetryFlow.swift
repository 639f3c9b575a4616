import Foundation
import Locking

/// Telemetry to the SDK's back end: sent by default (ENR-16); to the pre-production service with `MAMTelemetryUsePPE`
/// (ENR-16); never with `MAMTelemetryDisabled` (ENR-13). 000:496 says what is sent, not when. The reference uploads
/// an enrollment's event together with the event of the check-in that follows it (one request where there were two:
/// each is a round trip the app's next step waits behind, issue 30), and every other check-in's event right after
/// it; where telemetry goes in batches, every held event goes with the next periodic check-in's.
///
/// Telemetry must never change what the app sees: an upload that fails (service down, route unknown, token
/// refused) is dropped without a status callback, a retry or a warning.
///
/// It is given what an upload needs: the telemetry rules, the runtime's configuration (its settings, versions and
/// clock), the state (the device tag and the held events), the service client, and the app connections (a terminated
/// runtime sends nothing).
struct TelemetryFlow: Sendable {
    let rules: SDKRules.Telemetry
    let configuration: IntuneMAMRuntimeConfiguration
    let store: SDKStateStore
    let service: MAMServiceClient
    let connections: SDKAppConnections
    let log: SDKLog
    /// An enrollment's event while the check-in that follows it runs (work queue): that check-in's upload takes it.
    /// Kept in memory only: telemetry is best effort, and a runtime that ends first sends nothing anyway.
    private let heldEnrollment = Locked<HeldEvent?>(nil)

    init(rules: SDKRules.Telemetry, configuration: IntuneMAMRuntimeConfiguration, store: SDKStateStore,
         service: MAMServiceClient, connections: SDKAppConnections, log: SDKLog) {
        self.rules = rules
        self.configuration = configuration
        self.store = store
        self.service = service
        self.connections = connections
        self.log = log
    }

    /// What happened, as one telemetry event.
    enum Event: Sendable {
        case enrollment
        case checkIn(code: IntuneMAMEnrollmentStatusCode, policyVersion: String?)
    }

    private struct HeldEvent: Sendable {
        var accountId: String
        var event: TelemetryEvent
    }

    /// Whether anything is sent at all: a live runtime, and telemetry not disabled (unless a defect ignores that).
    private var sends: Bool {
        guard connections.isAlive, rules.sentByDefault else { return false }
        return !(configuration.settings.telemetryDisabled && rules.honoursDisabled)
    }

    /// The event of `accountId`'s enrollment, then `checkIn` (the check-in that follows the enrollment, on the work
    /// queue): the check-in's upload carries the enrollment's event; when the check-in uploads nothing (it failed, or
    /// the account left), the enrollment's event goes alone once it returns.
    func enrollment(accountId: String, token: AccessToken, thenCheckIn checkIn: () -> Void) {
        guard rules.sending == .withFollowingCheckIn, sends else {
            send(.enrollment, accountId: accountId, token: token)
            return checkIn()
        }
        heldEnrollment.withLock { $0 = HeldEvent(accountId: accountId, event: payload(of: .enrollment)) }
        checkIn()
        guard let left = heldEnrollment.withLock({ held in defer { held = nil }; return held }), sends else { return }
        upload([left.event], accountId: left.accountId, token: token)
    }

    /// Uploads one event for `accountId` with its bearer token (work queue; blocks for the HTTP call), with the
    /// enrollment's event held for it; where telemetry goes in batches, holds it instead unless `periodic` (a periodic
    /// check-in's), which uploads every held event with it.
    func send(_ event: Event, accountId: String, token: AccessToken, periodic: Bool = false) {
        guard sends else { return }
        var events = [payload(of: event)]
        if rules.sending == .batchedAtPeriodicCheckIn {
            let text = (try? MAMServiceClient.requestBody(events[0])).map { String(decoding: $0, as: UTF8.self) }
            let held = store.mutate { state -> [String] in
                let held = (state.heldTelemetry ?? []) + (text.map { [$0] } ?? [])
                state.heldTelemetry = periodic ? nil : held
                return held
            }
            guard periodic else { return }
            let decoder = JSONDecoder()
            events = held.compactMap { try? decoder.decode(TelemetryEvent.self, from: Data($0.utf8)) }
        } else if let held = heldEnrollment.withLock({ held -> HeldEvent? in
            guard let event = held, AccountIdentity.same(event.accountId, accountId) else { return nil }
            held = nil
            return event
        }) {
            events.insert(held.event, at: 0)
        }
        upload(events, accountId: accountId, token: token)
    }

    private func upload(_ events: [TelemetryEvent], accountId: String, token: AccessToken) {
        let deviceTag = store.read { $0.deviceTag }
        let result = service.telemetry(accountId: accountId, deviceTag: deviceTag, events: events,
                                       token: token.value,
                                       preProduction: configuration.settings.telemetryUsePPE && rules.honoursPreProduction)
        if case .failure(let failure) = result {
            log.verbose("telemetry upload dropped: \(failure)")
        }
    }

    /// The event: its name and a few non-identifying facts (never tokens or UPNs).
    private func payload(of event: Event) -> TelemetryEvent {
        // The format style, not ISO8601DateFormatter: that builds an ICU formatter each time (1 ms of a case).
        var payload = TelemetryEvent(name: "enrollment", time: configuration.clock.now.formatted(Date.ISO8601FormatStyle()),
                                     sdkVersion: configuration.sdkVersion, appVersion: configuration.appVersion,
                                     bundleId: configuration.bundleId)
        if case .checkIn(let code, let policyVersion) = event {
            payload.name = "checkin"
            payload.checkIn = TelemetryEvent.CheckIn(statusCode: code.rawValue, policyVersion: policyVersion)
        }
        return payload
    }
}
