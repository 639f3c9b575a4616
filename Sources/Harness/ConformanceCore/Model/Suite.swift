import AdapterProtocol

/// A scripted suite: cases that check one behaviour area of an integration, each citing requirement IDs.
public struct Suite: Sendable {
    public var id: String
    public var title: String
    public var requirements: [String]
    public var cases: [TestCase]
    public var location: SourceLocation
    /// Values the suite marks secret: masked in every transcript, report and log line.
    public var secrets: [String]

    public init(id: String, title: String, requirements: [String], cases: [TestCase], location: SourceLocation, secrets: [String] = []) {
        self.secrets = secrets
        self.id = id
        self.title = title
        self.requirements = requirements
        self.cases = cases
        self.location = location
    }
}

/// One case: a tenant arrangement, app settings, and a list of steps run against a fresh adapter process.
public struct TestCase: Sendable {
    public var id: String
    public var title: String
    public var requirements: [String]
    public var tenant: TenantFixture
    public var policies: [PolicyFixture]
    /// Info.plist `IntuneMAMSettings` values for the app under test.
    public var settings: [String: JSONValue]
    /// Capabilities the integration must offer, else the case is skipped. Derived from the requests the
    /// case makes and the questions it answers, never listed by hand.
    public var capabilities: Set<Capability>
    /// The SDK versions the case applies to: one entry per cited requirement limited to some versions.
    public var sdkVersions: [RequirementVersions]
    /// What the case needs of the backend beyond a tenant (derived from its steps).
    public var backendNeeds: Set<BackendCapability>
    public var steps: [Step]
    public var location: SourceLocation
    /// The run-wide guards the case applies (RUN-01, RUN-02), unless it or its suite opts out.
    public var guards: CaseGuards

    /// The case without its steps, policies and settings: what names and places it in a report.
    public var outline: TestCase {
        var outline = self
        outline.steps = []
        outline.policies = []
        outline.settings = [:]
        return outline
    }

    public init(
        id: String, title: String, requirements: [String], tenant: TenantFixture, policies: [PolicyFixture],
        settings: [String: JSONValue], capabilities: Set<Capability>, steps: [Step], location: SourceLocation,
        sdkVersions: [RequirementVersions] = [], backendNeeds: Set<BackendCapability> = [], guards: CaseGuards = .standard
    ) {
        self.guards = guards
        self.sdkVersions = sdkVersions
        self.backendNeeds = backendNeeds
        self.id = id
        self.title = title
        self.requirements = requirements
        self.tenant = tenant
        self.policies = policies
        self.settings = settings
        self.capabilities = capabilities
        self.steps = steps
        self.location = location
    }
}

/// The SDK versions one requirement applies to (`Suites/requirements.yaml`, `sdk:`).
public struct RequirementVersions: Sendable, Hashable {
    public var requirement: String
    public var range: SDKVersionRange

    public init(requirement: String, range: SDKVersionRange) {
        self.requirement = requirement
        self.range = range
    }
}

extension TestCase {
    /// True when a step's fault schedule takes its seed from the run (`--fault-seed`).
    public var drawsFaultSeed: Bool {
        steps.contains { step in
            if case .backend(.faultSchedule(let schedule)) = step.kind { return schedule.seed == nil }
            return false
        }
    }
}
