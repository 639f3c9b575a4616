/// The system share sheet as the SDK filters it (POL-09).
extension IntuneMAMRuntime {
    /// The targets `UIActivityViewController` (and "copy to") offers for data of the current UI identity, after the
    /// SDK's filter: bundle IDs, sorted.
    public func shareSheetTargets() -> [String] { engine.dataTransfer.shareSheetTargets() }
}
