import AdapterProtocol
/// Telemetry upload.
extension MAMServiceFace {
    /// Most distinct event names the journal detail lists, so one large batch cannot flood the journal.
    private static let namesInDetail = 10

    /// `POST /telemetry` with `deviceTag` and `events` [{`name`, …}]: 204.
    ///
    /// The mock only counts the events (per tenant) and journals the upload: conformance cases check that an SDK
    /// sends telemetry, or refrains when `MAMTelemetryDisabled` is set, through the `mam.telemetry` journal route.
    /// Event properties besides `name` are not kept, so nothing an SDK attaches can leak into the journal.
    @Sendable static func telemetry(
        _ tenant: inout Tenant, _ body: [String: JSONValue], _ accountId: String
    ) throws(ReplyError) -> Reply {
        let deviceTag = try requiredString(body, "deviceTag", accountId: accountId)
        guard let events = body["events"]?.arrayValue else {
            throw badRequest("events (array) is required", accountId: accountId)
        }
        var names: [String] = []
        for (index, event) in events.enumerated() {
            guard let name = event["name"]?.stringValue, !name.isEmpty else {
                throw badRequest("events[\(index)] must be an object with a non-empty string name", accountId: accountId)
            }
            if !names.contains(name) { names.append(name) }
        }
        tenant.telemetryEventCount += events.count
        var listed = names.prefix(namesInDetail).joined(separator: ",")
        if names.count > namesInDetail { listed += ",…" }
        return Reply.noContent.with(
            detail: "deviceTag=\(deviceTag) events=\(events.count) names=\(listed) totalEvents=\(tenant.telemetryEventCount)")
    }
}
