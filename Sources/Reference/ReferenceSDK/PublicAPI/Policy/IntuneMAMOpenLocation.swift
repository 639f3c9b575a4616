/// Where the app wants to open data from into a managed account (`IntuneMAMOpenLocation`, bit flags as in iOS).
public enum IntuneMAMOpenLocation: Int, Sendable, CaseIterable {
    case other = 0
    case oneDriveForBusiness = 1
    case sharePoint = 2
    /// The camera (goes with no account).
    case camera = 4
    /// The app's own sandbox (goes with no account).
    case localStorage = 8
    /// The photo library (goes with no account).
    case photos = 16
    /// A document location of an organisation account not covered by the others.
    case accountDocument = 32
    case box = 64
    case iManage = 128
    case egnyte = 256

    /// The location for its iOS name without the prefix, first letter lower-case (`camera`, `localStorage`, …).
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = match
    }
}
