/// Where the app wants to save managed data (`IntuneMAMSaveLocation`, bit-flag values as in iOS).
public enum IntuneMAMSaveLocation: Int, Sendable, CaseIterable {
    case other = 0
    case oneDriveForBusiness = 1
    case sharePoint = 2
    case box = 4
    case dropbox = 8
    case googleDrive = 16
    /// The app's own sandbox (goes with no account).
    case localDrive = 32
    /// The photo library (goes with no account).
    case cameraRoll = 64
    /// A document location of an organisation account not covered by the others.
    case accountDocument = 128
    case iManage = 256
    case egnyte = 512

    /// The location for its iOS name without the `IntuneMAMSaveLocation` prefix, first letter lower-case
    /// (`oneDriveForBusiness`, `accountDocument`, …).
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = match
    }
}
