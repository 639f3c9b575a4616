import Foundation

/// Telemetry to the SDK's back end: sent by default (ENR-16), one upload after each successful enrollment and
/// each check-in that delivered policy status (or, where telemetry goes in batches, one upload of every event held
/// with each periodic check-in: 000:496 says what is sent, not when); to the pre-production service with
/// `MAMTelemetryUsePPE` (ENR-16); never with `MAMTelemetryDisabled` (ENR-13).
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

    /// What happened, as one telemetry event.
    enum Event: Sendable {
        case enrollment
        case checkIn(code: IntuneMAMEnrollmentStatusCode, policyVersion: String?)
    }

    /// Uploads one event for `accountId` with its bearer token (work queue; blocks for the HTTP call); where
    /// telemetry goes in batches, holds it instead unless `periodic` (a periodic check-in's), which uploads every
    /// held event with it.
    func send(_ event: Event, accountId: String, token: AccessToken, periodic: Bool = false) {
        guard connections.isAlive, rules.sentByDefault else { return }
        let settings = configuration.settings
        if settings.telemetryDisabled && rules.honoursDisabled { return }
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
        }
        let deviceTag = store.read { $0.deviceTag }
        let result = service.telemetry(accountId: accountId, deviceTag: deviceTag, events: events,
                                       token: token.value,
                                       preProduction: settings.telemetryUsePPE && rules.honoursPreProduction)
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
