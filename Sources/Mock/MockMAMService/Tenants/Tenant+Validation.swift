import Foundation

/// The ranges a tenant's numbers must keep, checked when a state file is loaded.
///
/// Tenants normally come from the mock's own requests, which check every number; a state file can be edited by hand or
/// written by another program, and a number out of range there (a page size of -1, a token lifetime of `Int.max`
/// seconds, a version at `Int.max` that the next PATCH increments) would trap at the first request instead.
extension Tenant {
    /// Times a tenant clock, a token expiry or a journal entry may hold: the years ISO-8601 can write (0001–9999).
    static let times: ClosedRange<Double> = -62_135_596_800...253_402_300_799
    /// Counters and versions: whole numbers a JSON number carries exactly, with room for every increment to come.
    static let counts = 0...(1 << 53)

    /// The first value out of its range, with where it is; nil when every value is usable.
    var problem: String? {
        func outside<T: Comparable>(_ name: String, _ value: T, _ allowed: ClosedRange<T>) -> String? {
            allowed.contains(value) ? nil : "\(name) must be in \(allowed.lowerBound)...\(allowed.upperBound) (not \(value))"
        }
        if let problem = outside("tokenLifetime", tokenLifetime, MockServiceConfiguration.tokenLifetimeSeconds)
            ?? outside("graphPageSize", graphPageSize, MockServiceConfiguration.pageSizes)
            ?? outside("now", now.timeIntervalSince1970, Self.times)
            ?? outside("telemetryEventCount", telemetryEventCount, Self.counts) {
            return problem
        }
        let versions = policies.map { ("policy \($0.id)", $0.version) }
            + appConfigurations.map { ("targeted app configuration \($0.id)", $0.version) }
            + mobileAppConfigurations.map { ("mobile app configuration \($0.id)", $0.version) }
        for (name, version) in versions {
            if let problem = outside("the version of \(name)", version, 1...Self.counts.upperBound) { return problem }
        }
        for (_, token) in accessTokens {
            if let problem = outside("an access token's expiry", token.expiresAt.timeIntervalSince1970, Self.times) { return problem }
        }
        for fault in faults {
            if let problem = fault.problem { return "fault \(fault.id): \(problem)" }
        }
        for schedule in faultSchedules {
            if let problem = schedule.problem { return "fault schedule \(schedule.id): \(problem)" }
        }
        var previous = 0
        for entry in journal {
            guard entry.seq > previous, Self.counts.contains(entry.seq) else {
                return "journal seq \(entry.seq) must be above \(previous) and at most \(Self.counts.upperBound)"
            }
            if let problem = outside("the status of journal entry \(entry.seq)", entry.status, 0...999) { return problem }
            previous = entry.seq
        }
        return nil
    }
}

extension InjectedFault {
    /// What a faults control would have refused in this fault; nil when it is usable.
    var problem: String? {
        guard JournalRoutes.known.contains(route) else { return "unknown route '\(route)'" }
        if let remaining, remaining < 1 { return "remaining must be >= 1 or null (not \(remaining))" }
        if let delayMs, !(1...FaultSpec.maximumDelayMs).contains(delayMs) {
            return "delayMs must be in 1...\(FaultSpec.maximumDelayMs) (not \(delayMs))"
        }
        if holds, delayMs != nil { return "a fault holds or has a delay, not both" }
        if answer == .normal && delayMs == nil && !holds { return "a fault needs an answer, a delay or a hold" }
        return answer.problem
    }
}

extension SeededFaultSchedule {
    /// What the fault-schedule control would have refused in this schedule; nil when it is usable.
    var problem: String? {
        if routes.isEmpty { return "routes must not be empty" }
        if let unknown = routes.sorted().first(where: { !JournalRoutes.known.contains($0) }) { return "unknown route '\(unknown)'" }
        guard rate > 0, rate <= 1 else { return "rate must be in (0, 1] (not \(rate))" }
        guard !answers.isEmpty else { return "faults must not be empty" }
        if let limit, limit < 1 { return "limit must be >= 1 or absent (not \(limit))" }
        guard Tenant.counts.contains(injected) else { return "injected must be in \(Tenant.counts) (not \(injected))" }
        for answer in answers {
            if answer == .normal { return "each of faults needs status, drop or malformed" }
            if let problem = answer.problem { return problem }
        }
        return nil
    }
}

extension FaultAnswer {
    /// What a fault body would have been refused for; nil when the answer is usable.
    var problem: String? {
        guard case .status(let status, let retryAfter) = self else { return nil }
        guard (400...599).contains(status) else { return "status must be an HTTP error status 400-599 (not \(status))" }
        if let retryAfter, !Tenant.counts.contains(retryAfter) { return "retryAfter must be in \(Tenant.counts) seconds (not \(retryAfter))" }
        return nil
    }
}
