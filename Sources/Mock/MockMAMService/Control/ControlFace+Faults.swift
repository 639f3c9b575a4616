import AdapterProtocol
/// Fault injection controls: arm, list and clear per-tenant, per-route faults.
///
/// Like the other controls these are the harness's own actions and are not journalled; the faulted requests are
/// (with their real route, the injected status and detail "injected fault").
extension ControlFace {
    /// `POST /_mock/tenants/{t}/faults` with `route`, one answer (`status` [+ `retryAfter`], `drop`, `malformed`) and/or
    /// `delayMs` or `hold: true`, and optional `times`: 201 `faultId`.
    func addFault(_ request: IncomingRequest) async -> Reply {
        let spec: FaultSpec
        do {
            spec = try FaultSpec.parse(try JSONValue.parse(request.body))
        } catch let error as FaultSpec.Invalid {
            return Self.refusal(error)
        } catch {
            return Self.badRequest("\(error)")
        }
        let faultId = await state.withTenant(request.parameters["tenant"] ?? "") { $0.addFault(spec) }
        guard let faultId else { return Self.unknownTenant }
        return Reply.json(.created, ["faultId": .string(faultId)])
    }

    /// `POST /_mock/tenants/{t}/fault-schedule` with `routes`, `rate`, `faults`, `seed` (decimal text) and optional
    /// `limit`: 201 `scheduleId`.
    func addFaultSchedule(_ request: IncomingRequest) async -> Reply {
        let schedule: SeededFaultSchedule
        do {
            schedule = try SeededFaultSchedule.parse(try JSONValue.parse(request.body), id: Identifiers.uuid())
        } catch let error as FaultSpec.Invalid {
            return Self.refusal(error)
        } catch {
            return Self.badRequest("\(error)")
        }
        let added: Void? = await state.withTenant(request.parameters["tenant"] ?? "") { $0.faultSchedules.append(schedule) }
        guard added != nil else { return Self.unknownTenant }
        return Reply.json(.created, ["scheduleId": .string(schedule.id)])
    }

    /// `GET /_mock/tenants/{t}/faults`: `faults` [{`faultId`, `route`, the answer's fields, `delayMs`, `remaining`
    /// (null = until cleared)}] and `schedules` [{`scheduleId`, `routes`, `rate`, `faults`, `seed`, `limit`, `injected`}].
    func listFaults(_ request: IncomingRequest) async -> Reply {
        let listing = await state.withTenant(request.parameters["tenant"] ?? "", changes: false) { tenant in
            (tenant.faults.map { $0.json() }, tenant.faultSchedules.map { $0.json() })
        }
        guard let (faults, schedules) = listing else { return Self.unknownTenant }
        return Reply.json(.ok, ["faults": .array(faults), "schedules": .array(schedules)])
    }

    /// `POST /_mock/tenants/{t}/faults/release` with `route`: 200 `released` (how many requests were waiting). The
    /// requests held on the route go on to their answer, and the route's armed hold faults hold no more, so a
    /// request that arrives after the release is not held either.
    func releaseHolds(_ request: IncomingRequest) async -> Reply {
        let route: String
        do throws(ReplyError) {
            let body = try Self.objectBody(request, allowed: [MockFaultField.route.rawValue])
            do throws(FaultSpec.Invalid) {
                route = try FaultSpec.knownRoute(body[.route])
            } catch {
                return Self.refusal(error)
            }
        } catch {
            return error.reply
        }
        let tenantId = request.parameters["tenant"] ?? ""
        let holds = state.holds
        let released = await state.withTenant(tenantId) { tenant in
            tenant.releaseHolds(route: route)
            return holds.release(tenant: tenantId, route: route)
        }
        guard let released else { return Self.unknownTenant }
        return Reply.json(.ok, ["released": .number(Double(released))])
    }

    /// `DELETE /_mock/tenants/{t}/faults`: 204; disarms every fault and schedule of the tenant and releases its held
    /// requests.
    func clearFaults(_ request: IncomingRequest) async -> Reply {
        let tenantId = request.parameters["tenant"] ?? ""
        let holds = state.holds
        let cleared: Void? = await state.withTenant(tenantId) {
            $0.faults.removeAll()
            $0.faultSchedules.removeAll()
            holds.release(tenant: tenantId)
        }
        return cleared == nil ? Self.unknownTenant : Reply.noContent
    }

    private static func refusal(_ error: FaultSpec.Invalid) -> Reply {
        var reply = badRequest(error.reason)
        if let known = error.knownRoutes, case .object(var body)? = reply.body {
            body["knownRoutes"] = .array(known.map(JSONValue.string))
            reply.body = .object(body)
        }
        return reply
    }
}
