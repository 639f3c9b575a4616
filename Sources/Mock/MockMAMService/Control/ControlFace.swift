import AdapterProtocol
import Foundation
import Hummingbird

/// The test controls under `/_mock/`: health, statistics, tenant lifecycle, journal, tenant clock, faults, the
/// simulated device and the tenant-default app configuration.
///
/// Only the harness uses these; they are not journalled (the journal records what integrations and the Graph
/// driver did, and a clock move is the harness's own action).
struct ControlFace: Sendable {
    let state: MockState
    let statistics: ServerStatistics

    /// Registers the controls on `controls`, the `/_mock` group that carries their logging and admin token.
    func register(on controls: RouterGroup<BasicRequestContext>) {
        controls.get("health") { _, _ in Reply.json(.ok, ["ok": true]).response() }
        controls.get("stats") { _, _ in await stats().response() }
        controls.post("tenants") { request, context in
            await createTenant(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.get("tenants/:tenant/journal") { request, context in
            await journal(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.post("tenants/:tenant/clock") { request, context in
            await clock(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.post("tenants/:tenant/faults") { request, context in
            await addFault(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.get("tenants/:tenant/faults") { request, context in
            await listFaults(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.post("tenants/:tenant/fault-schedule") { request, context in
            await addFaultSchedule(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.post("tenants/:tenant/faults/release") { request, context in
            await releaseHolds(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.delete("tenants/:tenant/faults") { request, context in
            await clearFaults(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.put("tenants/:tenant/admin-certificate") { request, context in
            await setAdminCertificate(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.put("tenants/:tenant/device") { request, context in
            await setDevice(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.patch("tenants/:tenant/users/:id") { request, context in
            await renameUser(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.get("tenants/:tenant/device") { request, context in
            await getDevice(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.put("tenants/:tenant/default-app-config") { request, context in
            await setDefaultAppConfig(try await IncomingRequest.read(request, context: context)).response()
        }
        controls.delete("tenants/:tenant") { request, context in
            await deleteTenant(try await IncomingRequest.read(request, context: context)).response()
        }
    }

    static let unknownTenant = Reply.json(.notFound, ["error": "unknown-tenant"])

    static func badRequest(_ reason: String) -> Reply {
        Reply.json(.badRequest, ["error": "bad-request", "reason": .string(reason)])
    }

    /// A control's body as a JSON object, refused with the 400 that says why when it is not one or, given `allowed`,
    /// names a field outside it: every control reads its body the same way, so a mistyped field is never ignored.
    static func objectBody(_ request: IncomingRequest, allowed: [String]? = nil) throws(ReplyError) -> [String: JSONValue] {
        let object: [String: JSONValue]
        do {
            guard let parsed = try JSONValue.parse(request.body).objectValue else {
                throw ReplyError(badRequest("the body must be a JSON object"))
            }
            object = parsed
        } catch let error as ReplyError {
            throw error
        } catch {
            throw ReplyError(badRequest("\(error)"))
        }
        if let allowed, let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ReplyError(badRequest("unknown field '\(unknown)' (allowed: \(allowed.joined(separator: ", ")))"))
        }
        return object
    }

    /// `GET /_mock/stats`: `connections`, `requests` (this one included) and `tenants`.
    func stats() async -> Reply {
        let tenants = await state.tenantCount
        return Reply.json(
            .ok,
            [
                "connections": .number(Double(statistics.connections)), "requests": .number(Double(statistics.requests)),
                "tenants": .number(Double(tenants)),
            ])
    }

    /// `POST /_mock/tenants`: 201 with the tenant's URLs, credentials, group ids and user ids.
    func createTenant(_ request: IncomingRequest) async -> Reply {
        let spec: TenantSpec
        do {
            spec = try TenantSpec.parse(try JSONValue.parse(request.body))
        } catch let error as TenantSpec.Invalid {
            return Self.badRequest(error.reason)
        } catch {
            return Self.badRequest("\(error)")
        }
        let tenant = await state.createTenant(spec)
        // URLs the client can use: built from the address it reached the mock by (a mock bound to every
        // interface must not hand out 0.0.0.0).
        let bound = await state.baseURL
        let base = (request.host.map { "http://\($0)" } ?? bound) + "/" + tenant.id
        var groups: [String: JSONValue] = [:]
        for group in tenant.groups { groups[group.displayName] = .string(group.id) }
        var users: [String: JSONValue] = [:]
        for user in tenant.users {
            users[user.alias] = ["objectId": .string(user.objectId), "upn": .string(user.upn)]
        }
        return Reply.json(
            .created,
            [
                "tenantId": .string(tenant.id),
                "bundleId": .string(tenant.bundleId),
                "graphBaseURL": .string(base + "/graph/v1.0"),
                "tokenURL": .string(base + "/oauth2/v2.0/token"),
                "mamServiceURL": .string(base + "/mam/v1"),
                "mamResource": .string(Audiences.mamService),
                "admin": ["clientId": .string(tenant.adminClientId), "clientSecret": .string(tenant.adminClientSecret)],
                "appClientId": .string(tenant.appClientId),
                "alternateAppClientId": .string(tenant.alternateAppClientId),
                "authority": .string(base),
                "commonAuthority": .string(base + "/" + TokenFace.commonAuthority),
                "groups": .object(groups),
                "users": .object(users),
                "device": tenant.deviceJSON,
                "now": .string(tenant.nowString),
            ])
    }

    /// `GET /_mock/tenants/{t}/journal[?after=seq]`: `entries` in arrival order, and `dropped` when the journal's limit
    /// no longer keeps some of the entries asked for.
    func journal(_ request: IncomingRequest) async -> Reply {
        let after = request.query["after"].flatMap { Int($0) } ?? 0
        let limit = state.journalLimit
        let listing = await state.withTenant(request.parameters["tenant"] ?? "", changes: false) { tenant in
            tenant.journalListing(after: after, limit: limit)
        }
        guard let listing else { return Self.unknownTenant }
        return Self.journalReply(listing)
    }

    /// `DELETE /_mock/tenants/{t}[?journal=true]`: 204; with `journal=true`, 200 with the whole journal the tenant
    /// ended with (as `GET …/journal` lists it), so a harness reads it and tears down in one request.
    func deleteTenant(_ request: IncomingRequest) async -> Reply {
        let withJournal: Bool
        switch request.query["journal"] {
        case nil, "false": withJournal = false
        case "true": withJournal = true
        case let other?: return Self.badRequest("journal must be true or false (got '\(other)')")
        }
        guard let removed = await state.removeTenant(request.parameters["tenant"] ?? "") else { return Self.unknownTenant }
        guard withJournal else { return Reply.noContent }
        return Self.journalReply(removed.journalListing(after: 0, limit: state.journalLimit))
    }

    /// A journal listing as `GET …/journal` and `DELETE …?journal=true` answer it.
    static func journalReply(_ listing: (entries: [JournalEntry], dropped: Int)) -> Reply {
        var body: [String: JSONValue] = ["entries": .array(listing.entries.map { $0.json() })]
        if listing.dropped > 0 { body["dropped"] = .number(Double(listing.dropped)) }
        return Reply.json(.ok, .object(body))
    }

    /// `POST /_mock/tenants/{t}/clock` with `advanceSeconds` (≥ 0) or `set` (ISO time): `now`.
    func clock(_ request: IncomingRequest) async -> Reply {
        let body: [String: JSONValue]
        do { body = try Self.objectBody(request) } catch { return error.reply }
        let target: @Sendable (Date) -> Date
        switch (body["advanceSeconds"], body["set"]) {
        case (let advance?, nil):
            guard let seconds = advance.doubleValue, seconds.isFinite, seconds >= 0 else {
                return Self.badRequest("advanceSeconds must be a number >= 0 (use set to move the clock back)")
            }
            target = { $0.addingTimeInterval(seconds) }
        case (nil, let set?):
            guard let text = set.stringValue, let date = ISOTime.parse(text) else {
                return Self.badRequest("set must be an ISO-8601 time")
            }
            target = { _ in date }
        default:
            return Self.badRequest("give exactly one of advanceSeconds and set")
        }
        let now = await state.withTenant(request.parameters["tenant"] ?? "") { tenant -> String? in
            let moved = target(tenant.now)
            // A clock past the years ISO-8601 writes could not be journalled or saved.
            guard Tenant.times.contains(moved.timeIntervalSince1970) else { return nil }
            tenant.now = moved
            return tenant.nowString
        }
        guard let now else { return Self.unknownTenant }
        guard let now else { return Self.badRequest("the clock would leave the years 0001-9999") }
        return Reply.json(.ok, ["now": .string(now)])
    }
}
