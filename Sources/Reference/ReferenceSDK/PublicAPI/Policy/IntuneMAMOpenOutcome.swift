/// What became of a URL or document the operating system handed to the app while the SDK intercepts the
/// hand-off (``IntuneMAMRuntime/applicationOpenURL(ownedBy:completion:)``).
public struct IntuneMAMOpenOutcome: Sendable, Equatable {
    /// True when the item reached the app (no switch was needed, or the switch succeeded).
    public var opened: Bool
    /// True when the UI identity was switched to the item's owner first.
    public var switched: Bool

    public init(opened: Bool, switched: Bool) {
        self.opened = opened
        self.switched = switched
    }
}
