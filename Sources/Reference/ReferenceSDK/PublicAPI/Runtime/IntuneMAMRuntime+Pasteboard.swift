/// The general pasteboard as the SDK hooks it (IDS-12).
extension IntuneMAMRuntime {
    /// `UIPasteboard.general.string = text` through the SDK: tagged with the UI identity the user copied under.
    public func copyToPasteboard(_ text: String) { engine.dataTransfer.copyToPasteboard(text) }

    /// `UIPasteboard.general.string` through the SDK: nil when the policy keeps the text out of the UI identity.
    public func pasteFromPasteboard() -> String? { engine.dataTransfer.pasteFromPasteboard() }
}
