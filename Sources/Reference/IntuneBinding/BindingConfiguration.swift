import AdapterProtocol

/// What the integration declares in `initialize`, and which feature areas it serves.
public struct BindingConfiguration: Sendable, Equatable {
    /// The protocol version to answer with.
    public var protocolVersion: ProtocolVersion
    /// `implementation`: the test host's name and version.
    public var implementation: NameAndVersion
    /// `sdk.name`; the version is the linked SDK's (`IntuneMAMVersionInfo.sdkVersion`).
    public var sdkName: String
    /// Capabilities whose requests are served; others are answered `-32002` with ``unsupportedReason``.
    public var capabilities: Set<Capability>
    /// Capabilities declared in `initialize`, in order (a protocol 0 integration knows fewer).
    public var declaredCapabilities: [Capability]
    /// Why a request of a capability outside ``capabilities`` is refused.
    public var unsupportedReason: String

    public init(protocolVersion: ProtocolVersion = .current, implementation: NameAndVersion, sdkName: String,
                capabilities: [Capability] = Capability.allCases, declaredCapabilities: [Capability]? = nil,
                unsupportedReason: String = "not offered by this integration") {
        self.protocolVersion = protocolVersion
        self.implementation = implementation
        self.sdkName = sdkName
        self.capabilities = Set(capabilities)
        self.declaredCapabilities = declaredCapabilities ?? capabilities
        self.unsupportedReason = unsupportedReason
    }
}
