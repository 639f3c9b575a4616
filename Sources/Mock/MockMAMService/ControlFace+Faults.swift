import AdapterProtocol
/// Fault injection controls: arm, list and clear per-tenant, per-route faults.
///
/// Like the other controls these are the harness's own actions and are not journalled; the faulted requests are
/// (with their real route, the injected status and detail "injected fault").
extension ControlFace {
    /// `POST /_mock/tenants/{t}/faults` with `route`, `status` and optional `times`: 201 `faultId`.
    func addFault(_ request: IncomingRequest) async -> Reply {
        let spec: FaultSpec
        do {
            spec = try FaultSpec.parse(try JSONValue.parse(request.body))
        } catch let error as FaultSpec.Invalid {
            var reply = Self.badRequest(error.reason)
            if let known = error.knownRoutes, case .object(var body)? = reply.body {
                body["knownRoutes"] = .array(known.map(JSONValue.string))
                reply.body = .object(body)
            }
            return reply
        } catch {
            return Self.badRequest("\(error)")
        }
        let faultId = await state.withTenant(request.parameters["tenant"] ?? "") { $0.addFault(spec) }
        guard let faultId else { return Self.unknownTenant }
        return Reply.json(.created, ["faultId": .string(faultId)])
    }

    /// `GET /_mock/tenants/{t}/faults`: `faults` [{`faultId`, `route`, `status`, `remaining` (null = until cleared)}].
    func listFaults(_ request: IncomingRequest) async -> Reply {
        let faults = await state.withTenant(request.parameters["tenant"] ?? "") { tenant in
            tenant.faults.map { $0.json() }
        }
        guard let faults else { return Self.unknownTenant }
        return Reply.json(.ok, ["faults": .array(faults)])
    }

    /// `DELETE /_mock/tenants/{t}/faults`: 204; disarms every fault of the tenant.
    func clearFaults(_ request: IncomingRequest) async -> Reply {
        let cleared: Void? = await state.withTenant(request.parameters["tenant"] ?? "") { $0.faults.removeAll() }
        return cleared == nil ? Self.unknownTenant : Reply.noContent
    }
}
