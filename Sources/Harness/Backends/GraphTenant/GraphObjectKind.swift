/// The Graph collections a case creates objects in, with their paths, in the order teardown deletes them
/// (assignments' targets last, so nothing is left pointing at a deleted group).
public enum GraphObjectKind: String, Sendable, Hashable, CaseIterable {
    case targetedManagedAppConfiguration
    case mobileAppConfiguration
    case iosManagedAppProtection
    case mobileApp
    case group

    /// The collection, relative to the Graph base URL.
    public var collection: String {
        switch self {
        case .targetedManagedAppConfiguration: return "/deviceAppManagement/targetedManagedAppConfigurations"
        case .mobileAppConfiguration: return "/deviceAppManagement/mobileAppConfigurations"
        case .iosManagedAppProtection: return "/deviceAppManagement/iosManagedAppProtections"
        case .mobileApp: return "/deviceAppManagement/mobileApps"
        case .group: return "/groups"
        }
    }
}

/// One object a case created, so teardown can delete it.
public struct GraphObject: Sendable, Hashable {
    public var kind: GraphObjectKind
    public var id: String

    public init(kind: GraphObjectKind, id: String) {
        self.kind = kind
        self.id = id
    }
}
