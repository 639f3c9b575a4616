import AdapterProtocol
import ConformanceCore

/// `adapter-check`'s reading of `-32601` (unknown method) by protocol version: what the version the integration
/// speaks means for the methods that came after it, and the `methods` row, which asks the integration about every
/// method a run may send it.
///
/// A probe sends params that cannot fit (a member of the wrong JSON type), so an integration that knows the method
/// answers `-32602` and does nothing; only whether it answers `-32601` is judged here (acting on bad params is the
/// `bad-params` row's fault, counted there once).
enum MethodProbe {
    /// One method's answer to its probe.
    enum Answer: Equatable {
        /// The integration knows the method (any answer but `-32601` and `-32002`).
        case known
        /// `-32002`: the area is not offered.
        case unsupported
        /// `-32601`.
        case unknown
    }

    /// What the version an integration speaks means, one sentence for the `handshake` row.
    static func meaning(of version: ProtocolVersion) -> String {
        let later = areas(of: laterMethods(than: version))
        guard !later.isEmpty else {
            return "it was told of every method: -32601 to one of them is an error (an area it does not offer is not declared, or answered -32002)"
        }
        return "it predates \(laterMethods(than: version).count) methods: -32601 to one of them means its area is not offered and the case is skipped (\(later))"
    }

    /// The methods a run sends that came after `version` (the network transport's own are never a case's).
    static func laterMethods(than version: ProtocolVersion) -> [RunnerMethod] {
        version.laterMethods.filter { $0.role != .control }
    }

    /// "area (method, …); …" for methods, grouped by the capability they belong to.
    static func areas(of methods: [RunnerMethod]) -> String {
        var groups: [(area: String, methods: [String])] = []
        for method in methods {
            let area = method.capability?.rawValue ?? "core"
            if let index = groups.firstIndex(where: { $0.area == area }) {
                groups[index].methods.append(method.rawValue)
            } else {
                groups.append((area, [method.rawValue]))
            }
        }
        return groups.map { "\($0.area) (\($0.methods.joined(separator: ", ")))" }.joined(separator: "; ")
    }

    /// The methods a run may send `integration` through a case (`do:` and `check:`): those of the core and of
    /// every area it offers. A method of an area it does not declare is never sent (the case is skipped first).
    static func methods(for integration: IntegrationInfo) -> [RunnerMethod] {
        RunnerMethod.allCases.filter { method in
            method.role != .control && (method.capability.map(integration.offers) ?? true)
        }
    }

    /// Params for `method` that cannot fit its params type: its first member that has a JSON type, given a value
    /// of another type. `[:]` for a query without params (asking acts on nothing); nil for an action without
    /// params, which any probe would set off (`app.restart`), so it is not probed.
    static func unfitParams(for method: RunnerMethod) -> JSONValue? {
        for property in method.paramsSchema.properties {
            if let value = unfit(property.schema) { return .object([property.name: value]) }
        }
        return method.role == .query ? [:] : nil
    }

    /// A value that is not of `schema`'s JSON type, or nil for a schema any value fits.
    private static func unfit(_ schema: WireSchema) -> JSONValue? {
        switch schema {
        case .any: return nil
        case .string, .identity, .enumeration: return .number(42)
        case .bool, .integer, .number, .array, .map, .object: return .string("adapter-check: not this type")
        }
    }

    /// How an answer reads.
    static func answer(_ outcome: Result<JSONValue, AdapterFault>) -> Answer {
        guard case .failure(.rejected(_, let error)) = outcome else { return .known }
        switch error.known {
        case .methodNotFound?: return .unknown
        case .unsupported?: return .unsupported
        default: return .known
        }
    }

    /// The `methods` row from every probe's answer, in probe order.
    static func judge(_ answers: [(method: RunnerMethod, answer: Answer)], integration: IntegrationInfo, unprobed: [RunnerMethod]) -> (passed: Bool, detail: String) {
        let unknown = answers.filter { $0.answer == .unknown }.map(\.method)
        let missing = unknown.filter { !integration.predates($0) }
        let predated = unknown.filter { integration.predates($0) }
        let unsupported = answers.filter { $0.answer == .unsupported }.map(\.method)
        var parts: [String] = []
        if !predated.isEmpty {
            parts.append("not offered (-32601 to methods protocol \(integration.protocolVersion) predates): \(areas(of: predated))")
        }
        if !unsupported.isEmpty { parts.append("not offered (-32002): \(areas(of: unsupported))") }
        if !unprobed.isEmpty {
            parts.append("not probed (they take no params, so a probe would act): \(unprobed.map(\.rawValue).joined(separator: ", "))")
        }
        let rest = parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
        if !missing.isEmpty {
            let which = missing.count == 1 ? "a method" : "methods"
            return (false, "answered -32601 to \(missing.map(\.rawValue).joined(separator: ", ")) (\(which) of protocol \(integration.protocolVersion)): "
                + "a case using \(missing.count == 1 ? "it" : "one") is an error; an area the integration does not offer is answered -32002\(rest)")
        }
        let known = answers.count - unknown.count - unsupported.count
        return (true, "\(known) of \(answers.count) probed methods known\(rest)")
    }
}
