/// An installed app a share sheet (`UIActivityViewController`, "copy to") could offer.
public struct IntuneMAMShareTarget: Sendable, Hashable {
    public var bundleId: String
    /// The app integrates the SDK and is managed by the same organisation (a "policy managed app").
    public var isPolicyManaged: Bool

    public init(bundleId: String, isPolicyManaged: Bool) {
        self.bundleId = bundleId
        self.isPolicyManaged = isPolicyManaged
    }
}
