/// The SDK's hooks of the general pasteboard (IDS-12): a copy carries the UI identity it was made under and that
/// identity's clipboard level; a paste into a managed identity follows its own level (paste-in from unmanaged apps
/// only with `managedAppsWithPasteIn` or `allApps`), a paste anywhere else follows the copier's level.
extension SDKEngine {
    func copyToPasteboard(_ text: String) {
        guard let platform else { return }
        let owner = (rules.identity.clipboardTaggedWithUIIdentity ? uiIdentity : processIdentity) ?? ""
        let managed = managedAccount(matching: owner)
        let level = managed.flatMap { clipboardLevel(of: $0) } ?? .allApps
        platform.pasteboard = IntuneMAMPasteboardItem(clipText: text, owner: owner, outboundLevel: level,
                                                      fromManagedApp: managed != nil)
    }

    func pasteFromPasteboard() -> String? {
        guard let item = platform?.pasteboard else { return nil }
        guard let receiver = managedAccount(matching: uiIdentity), let level = clipboardLevel(of: receiver) else {
            return item.pasted(intoManagedApp: false)
        }
        if sameAccount(item.owner, receiver) { return item.clipText }
        switch level {
        case .allApps:
            return item.clipText
        case .managedAppsWithPasteIn where rules.identity.pasteInAcceptedWhenAllowed:
            return item.clipText
        case .managedApps where !rules.identity.pasteInRefusedWhenNotAllowed:
            return item.clipText
        case .managedApps, .managedAppsWithPasteIn:
            return item.fromManagedApp ? item.clipText : nil
        case .blocked:
            return nil
        }
    }

    /// The managed account's clipboard level, nil when it has no policy.
    private func clipboardLevel(of account: String) -> IntuneMAMClipboardLevel? {
        guard let policy = appPolicy(forAccountId: account) else { return nil }
        return rules.identity.clipboardRestricted ? policy.rules.clipboardLevel : .allApps
    }
}
