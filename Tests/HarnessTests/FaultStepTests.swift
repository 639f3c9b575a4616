import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// The fault steps of the suite format: what each spelling arms at the backend, what a mistake is told, and how
/// a fault schedule's seed is derived so a failing run replays.
@Suite struct FaultStepTests {
    /// Loads one case with `steps` and returns its steps' backend actions, or its errors.
    static func load(_ steps: String) throws -> (actions: [BackendAction], errors: [String]) {
        let file = NSTemporaryDirectory() + "mamconf-faults-\(UUID().uuidString).yaml"
        try (SuiteValidationTests.header + SuiteValidationTests.caseWith(steps)).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: [file])
        let actions = loaded.suites.flatMap(\.cases).flatMap(\.steps).compactMap { step -> BackendAction? in
            if case .backend(let action) = step.kind { return action }
            return nil
        }
        return (actions, loaded.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" })
    }

    @Test(arguments: [
        ("{fault: mam.checkin, status: 503, times: 1}", FaultInjection(route: .mamCheckin, answer: .status(503, retryAfter: nil), times: 1)),
        ("{fault: mam.enroll, status: 429, retry_after: 1h}", FaultInjection(route: .mamEnroll, answer: .status(429, retryAfter: 3600))),
        ("{fault: mam.checkin, drop: true, times: 2}", FaultInjection(route: .mamCheckin, answer: .drop, times: 2)),
        ("{fault: mam.unenroll, malformed: true}", FaultInjection(route: .mamUnenroll, answer: .malformed)),
        ("{fault: token.refresh, delay: 250ms}", FaultInjection(route: .tokenRefresh, answer: .normal, delay: .milliseconds(250))),
        ("{fault: mam.checkin, status: 500, delay: 2s, times: 1}", FaultInjection(route: .mamCheckin, answer: .status(500, retryAfter: nil), delay: .seconds(2), times: 1)),
        ("{fault: mam.enroll, hold: true, times: 1}", FaultInjection(route: .mamEnroll, answer: .normal, hold: true, times: 1)),
        ("{fault: mam.checkin, status: 503, hold: true}", FaultInjection(route: .mamCheckin, answer: .status(503, retryAfter: nil), hold: true)),
    ])
    func eachFaultSpellingArmsWhatItSays(step: String, expected: FaultInjection) throws {
        let (actions, errors) = try Self.load("      - backend: \(step)")
        #expect(errors == [])
        #expect(actions == [.injectFault(expected)])
    }

    @Test(arguments: [
        ("{fault: mam.checkin}", "a fault needs one of: status (an HTTP error status), drop: true, malformed: true, delay, or hold: true"),
        ("{fault: mam.checkin, status: 503, drop: true}", "a fault takes only one of status, drop"),
        ("{fault: mam.checkin, drop: true, retry_after: 5}", "retry_after goes with status"),
        ("{fault: mam.checkin, status: 200}", "status must be an HTTP error status (400-599)"),
        ("{fault: mam.chekin, status: 503}", "unknown route 'mam.chekin'; did you mean 'mam.checkin'?"),
        ("{fault: mam.checkin, drop: false}", "drop must be true (leave it out otherwise)"),
        ("{fault: mam.checkin, delay: 11m}", "delay must be at most 600s"),
        ("{fault: mam.checkin, status: 503, times: 0}", "times must be at least 1"),
        ("{fault: mam.checkin, status: 503, when: later}", "unknown key 'when' in a backend action"),
        ("{fault: mam.enroll, hold: false}", "hold must be true (leave it out otherwise)"),
        ("{fault: mam.enroll, hold: true, delay: 1s}", "give hold or delay, not both"),
        ("{release: mam.enrol}", "unknown route 'mam.enrol'; did you mean 'mam.enroll'?"),
        ("{release: mam.enroll, times: 1}", "unknown key 'times' in a backend action (expected: release)"),
        ("{fault_schedule: {routes: [mam.checkin], rate: 2, faults: [{status: 503}]}}", "rate must be a number from 0 to 1"),
        ("{fault_schedule: {routes: [mam.checkin], rate: 0.5, faults: []}}", "faults must list at least one answer"),
        ("{fault_schedule: {routes: [mam.checkin], rate: 0.5, faults: [{status: 503, times: 2}]}}", "unknown key 'times' in a scheduled fault"),
        ("{fault_schedule: {routes: [mam.checkin], faults: [{drop: true}]}}", "fault_schedule is missing required key 'rate'"),
    ])
    func aMistakenFaultIsRefusedWithItsPlaceAndTheFix(step: String, message: String) throws {
        let (_, errors) = try Self.load("      - backend: \(step)")
        #expect(errors.contains { $0.hasPrefix("9:") && $0.contains(message) }, "\(errors)")
    }

    @Test func aReleaseStepReleasesItsRoute() throws {
        let (actions, errors) = try Self.load("      - backend: {release: mam.enroll}")
        #expect(errors == [])
        #expect(actions == [.releaseHold(.mamEnroll)])
    }

    @Test func aFaultScheduleWithoutASeedTakesTheRunsAndOneWithASeedKeepsIt() throws {
        let (actions, errors) = try Self.load("""
                  - backend: {fault_schedule: {routes: [mam.checkin, mam.enroll], rate: 0.25, faults: [{status: 503}, {drop: true}], limit: 3}}
                  - backend: {fault_schedule: {routes: [mam.checkin], rate: 1, faults: [{malformed: true}], seed: 18446744073709551615}}
            """)
        #expect(errors == [])
        #expect(actions == [
            .faultSchedule(FaultSchedule(routes: [.mamCheckin, .mamEnroll], rate: 0.25, answers: [.status(503, retryAfter: nil), .drop], limit: 3)),
            .faultSchedule(FaultSchedule(routes: [.mamCheckin], rate: 1, answers: [.malformed], seed: UInt64.max)),
        ])
    }

    @Test func aCasesScheduleSeedIsStableAndDiffersByCaseAndByRunSeed() {
        let run = RunConfiguration(workDirectory: "/tmp", faultSeed: 42)
        let same = RunConfiguration(workDirectory: "/elsewhere", faultSeed: 42)
        let other = RunConfiguration(workDirectory: "/tmp", faultSeed: 43)
        #expect(run.faultSeed(forCase: "resilience/a") == same.faultSeed(forCase: "resilience/a"))
        #expect(run.faultSeed(forCase: "resilience/a") != run.faultSeed(forCase: "resilience/b"))
        #expect(run.faultSeed(forCase: "resilience/a") != other.faultSeed(forCase: "resilience/a"))
    }

    static let actionNeeds: [(BackendAction, Set<BackendCapability>)] = [
        (.advanceClock(by: .seconds(1)), [.clock]),
        (.injectFault(FaultInjection(route: .mamCheckin, answer: .drop)), [.faults]),
        (.faultSchedule(FaultSchedule(routes: [.mamCheckin], rate: 1, answers: [.drop])), [.faults]),
        (.clearFaults, [.faults]),
        (.releaseHold(.mamEnroll), [.faults]),
        (.defaultAppConfig([:]), [.isolatedTenant]),
        (.deviceUser(accountId: nil), [.deviceEnrollment]),
        (.selectiveWipe(accountId: "a"), []),
        (.updatePolicy(name: "p", settings: [:]), []),
    ]

    @Test(arguments: actionNeeds)
    func everyActionNamesWhatARealTenantLacks(action: BackendAction, needs: Set<BackendCapability>) {
        #expect(action.needs == needs)
    }
}
